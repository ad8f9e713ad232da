import { isCountryCode, type CountryCode } from './countries';
import './country-flag.css';

// One SVG file per flag, fetched by the browser only when that flag is shown: the bundle
// holds just the 21 URLs, not the flags' drawings (the package's React components put all
// 21 into every page that shows one). SVG, not emoji: headless Chromium on Linux has no
// emoji flag font. The package's `exports` don't list its .svg files, hence the path.
// vite.config.ts keeps these files out of assetsInlineLimit, so they stay real files
// (img-src 'self') rather than data: URIs.
const FLAG_FILES = import.meta.glob<string>(
  '/node_modules/country-flag-icons/3x2/{AR,BO,CL,CO,CR,CU,DO,EC,ES,GQ,GT,HN,MX,NI,PA,PE,PR,PY,SV,UY,VE}.svg',
  { eager: true, query: '?url', import: 'default' },
);

const FLAGS = Object.fromEntries(
  Object.entries(FLAG_FILES).map(([file, url]) => [file.slice(-6, -4), url]),
) as Partial<Record<CountryCode, string>>;

/** Rendered size in CSS pixels (3:2), also set on the <img> so nothing shifts while it loads. */
const SIZES = { sm: [21, 14], md: [27, 18], lg: [48, 32] } as const;

interface CountryFlagProps {
  code: string;
  /** Accessible name; when omitted the flag is decorative (the name is shown next to it). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function CountryFlag({ code, label, size = 'md' }: CountryFlagProps) {
  const src = isCountryCode(code) ? FLAGS[code] : undefined;
  if (!src) return null;
  const [width, height] = SIZES[size];
  return (
    <img
      className={`country-flag country-flag--${size}`}
      src={src}
      width={width}
      height={height}
      decoding="async"
      alt={label ?? ''}
      aria-hidden={label ? undefined : true}
      draggable={false}
    />
  );
}
