import { Component, lazy, Suspense, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/popups';
import { useAuth } from '@/features/auth';
import type { Entry } from '@/lib/api-types';
import { useNearViewport } from '@/lib/use-near-viewport';
import { USAGE_KINDS } from '../usage-kinds';
import { UsageControl } from './usage-control';
import { UsageTable } from './usage-table';
import '../usage-strings';
import './usage-panel.css';

// d3-geo, topojson-client and the countries' shapes: their own chunk, asked for by this panel.
const UsageMap = lazy(() => import('./usage-map'));

/** A map that failed to load (offline, a new deploy) leaves the table, which says the same. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/** "Where it lands": the map, the same numbers as a table, and (signed in) the learner's mark. */
export function UsagePanel({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useAuth();
  const usage = entry.usage ?? {};
  // The map (its chunk, and drawing 21 countries) waits until the panel is nearly in sight.
  const mapSlot = useRef<HTMLDivElement>(null);
  const drawMap = useNearViewport(mapSlot);
  const mapLoading = (
    <div className="usage-panel__map-loading" role="status">
      <Spinner size="md" />
      <span>{t('usage.mapLoading')}</span>
    </div>
  );
  return (
    <section className="card usage-panel" aria-labelledby="usage-title">
      <h2 id="usage-title" className="section-title">
        {t('usage.title')}
      </h2>
      <p className="usage-panel__intro muted">{t('usage.intro')}</p>
      <div className="usage-panel__body">
        <div className="usage-panel__map" ref={mapSlot}>
          <MapBoundary fallback={<p className="muted">{t('usage.mapFailed')}</p>}>
            <Suspense fallback={mapLoading}>{drawMap ? <UsageMap usage={usage} rudeIn={entry.rudeIn} title={entry.title} /> : mapLoading}</Suspense>
          </MapBoundary>
          <ul className="usage-legend" aria-label={t('usage.legend')}>
            {[...USAGE_KINDS, 'unmarked' as const].map((kind) => (
              <li key={kind}>
                <span className={`usage-swatch usage-swatch--${kind}`} aria-hidden="true" />
                {kind === 'unmarked' ? t('usage.unmarked') : t(`usage.kinds.${kind}`)}
              </li>
            ))}
          </ul>
        </div>
        <div className="usage-panel__side">
          <UsageTable usage={usage} title={entry.title} />
          {isLoggedIn && user ? (
            <UsageControl key={entry._id} entry={entry} homeCountry={user.homeCountry} />
          ) : (
            <p className="usage-panel__login">
              <Link to="/login" state={{ from: `/content/${entry._id}` }}>
                {t('usage.loginToMark')}
              </Link>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
