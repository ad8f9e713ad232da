import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';

/** The router's error screen (spec: "Unexpected Application Error!"). */
export function ErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : error instanceof Error
      ? error.message
      : t('errors.unexpectedDetail');
  return (
    <section className="state-panel state-panel--error" role="alert">
      <h1 className="state-panel__title">{t('errors.unexpected')}</h1>
      <p className="state-panel__text">{detail}</p>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/" reloadDocument>
          {t('errors.backHome')}
        </Link>
        <button type="button" className="button button--ghost" onClick={() => window.location.reload()}>
          {t('errors.reload')}
        </button>
      </div>
    </section>
  );
}

/** The same screen on its own page, for errors outside the shell. */
export function RootErrorPage() {
  return (
    <main className="app__main app__main--bare">
      <ErrorPage />
    </main>
  );
}
