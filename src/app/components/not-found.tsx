import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The not-found page's content: the unknown route's page, and what a page shows for a thing
 * that is not there (an unknown country, a comparison nobody may see). Not imported from the
 * route module itself, which must stay a chunk of its own (vite.config.ts' preload list).
 */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="state-panel">
      <p className="state-panel__code" aria-hidden="true">404</p>
      <h1 className="state-panel__title">{t('errors.notFoundTitle')}</h1>
      <p className="state-panel__text">{t('errors.notFoundBody')}</p>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/">
          {t('errors.backHome')}
        </Link>
      </div>
    </section>
  );
}
