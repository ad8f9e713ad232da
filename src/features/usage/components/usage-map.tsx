import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { EntryUsage, UsageKind } from '@/lib/api-types';
import { landsAs } from '../usage-kinds';
import { drawViews, HEIGHT, WIDTH } from './map-geometry';
import './usage-map.css';

// How a word lands, on a map (map-geometry.ts draws it). This module, d3-geo,
// topojson-client and the map's data are one lazily loaded chunk: only the entry page's
// usage panel asks for it.

// The shapes do not depend on the marks: drawn once, when the chunk loads.
const views = drawViews();

export interface UsageMapProps {
  usage: EntryUsage;
  rudeIn: string[];
  title: string;
}

export default function UsageMap({ usage, rudeIn, title }: UsageMapProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const kindOf = (code: string): UsageKind | null => landsAs(usage[code], rudeIn.includes(code));
  const label = (code: string) => {
    const kind = kindOf(code);
    return t('usage.mapCountry', {
      country: t(`countries.${code}` as 'countries.ES'),
      usage: kind ? t(`usage.kinds.${kind}`) : t('usage.unmarked'),
    });
  };
  const fillClass = (code: string) => `usage-map__country usage-map__country--${kindOf(code) ?? 'unmarked'}`;

  return (
    <svg className="usage-map" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId}>
      <title id={titleId}>{t('usage.mapLabel', { title })}</title>
      {views.map(({ view, shapes, land }) => {
        const [[x0, y0], [x1, y1]] = view.box;
        return (
          <g key={view.key} className={`usage-map__view usage-map__view--${view.key}`} data-view={view.key}>
            <rect className="usage-map__sea" x={x0} y={y0} width={x1 - x0} height={y1 - y0} />
            <path className="usage-map__land" d={land} />
            {shapes.map((shape) => (
              <path key={shape.code} className={fillClass(shape.code)} d={shape.d} data-country={shape.code} data-usage={kindOf(shape.code) ?? 'unmarked'}>
                <title>{label(shape.code)}</title>
              </path>
            ))}
            {shapes.map(
              (shape) =>
                shape.dot && (
                  <circle key={`${shape.code}-dot`} className={`${fillClass(shape.code)} usage-map__dot`} cx={shape.dot[0]} cy={shape.dot[1]} r={4.5}>
                    <title>{label(shape.code)}</title>
                  </circle>
                ),
            )}
            {view.key !== 'americas' && (
              <>
                <rect className="usage-map__frame" x={x0} y={y0} width={x1 - x0} height={y1 - y0} />
                {/* Spain's label sits in its Atlantic corner; Equatorial Guinea's, under its box (the islands and the mainland fill it). */}
                <text
                  className="usage-map__inset-label"
                  x={view.key === 'spain' ? x0 + 4 : x1}
                  y={view.key === 'spain' ? y1 - 4 : y1 + 9}
                  textAnchor={view.key === 'spain' ? 'start' : 'end'}
                >
                  {t(view.key === 'spain' ? 'usage.spainInset' : 'usage.guineaInset')}
                </text>
              </>
            )}
          </g>
        );
      })}
    </svg>
  );
}
