import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';

/** The review while its cards are being read. */
export function ReviewLoading() {
  const { t } = useTranslation();
  return (
    <div className="state-panel" role="status">
      <Spinner size="lg" />
      <p className="state-panel__text">{t('flashcards.loading')}</p>
    </div>
  );
}

/** The cards could not be read: say so, with Try again. */
export function ReviewLoadFailed({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-panel state-panel--error" role="alert">
      <p className="state-panel__text">{t('flashcards.loadFailed')}</p>
      <div className="state-panel__actions">
        <button type="button" className="button button--primary" onClick={onRetry}>
          {t('flashcards.retry')}
        </button>
      </div>
    </div>
  );
}
