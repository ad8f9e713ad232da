import {
  AR, BO, CL, CO, CR, CU, DO, EC, ES, GQ, GT, HN, MX, NI, PA, PE, PR, PY, SV, UY, VE,
} from 'country-flag-icons/react/3x2';
import { isCountryCode, type CountryCode } from './countries';
import './country-flag.css';

// SVG flags: headless Chromium on Linux has no emoji flag font.
const FLAGS: Record<CountryCode, typeof AR> = {
  AR, BO, CL, CO, CR, CU, DO, EC, ES, GQ, GT, HN, MX, NI, PA, PE, PR, PY, SV, UY, VE,
};

interface CountryFlagProps {
  code: string;
  /** Accessible name; when omitted the flag is decorative (the name is shown next to it). */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
}

export function CountryFlag({ code, label, size = 'md' }: CountryFlagProps) {
  if (!isCountryCode(code)) return null;
  const Flag = FLAGS[code];
  return (
    <span className={`country-flag country-flag--${size}`} role={label ? 'img' : undefined} aria-label={label} aria-hidden={label ? undefined : true}>
      <Flag aria-hidden="true" />
    </span>
  );
}
