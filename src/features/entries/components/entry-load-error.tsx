import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';

interface EntryLoadErrorProps {
  error: unknown;
  onRetry: () => void;
  /** Where the way out leads, and what it says. */
  backTo: string;
  backLabel: string;
}

/** An entry that could not be shown: "not found" for a 404, otherwise an error with Try again. */
export function EntryLoadError({ error, onRetry, backTo, backLabel }: EntryLoadErrorProps) {
  const { t } = useTranslation();
  const notFound = isApiError(error) && error.status === 404;
  return (
    <section className={`state-panel${notFound ? '' : ' state-panel--error'}`} role={notFound ? undefined : 'alert'}>
      <h1 className="state-panel__title">{notFound ? t('entry.notFoundTitle') : t('errors.loadFailed')}</h1>
      {notFound && <p className="state-panel__text">{t('entry.notFoundBody')}</p>}
      <div className="state-panel__actions">
        {!notFound && (
          <button type="button" className="button button--primary" onClick={onRetry}>
            {t('errors.retry')}
          </button>
        )}
        <Link className="button button--ghost" to={backTo}>
          {backLabel}
        </Link>
      </div>
    </section>
  );
}
