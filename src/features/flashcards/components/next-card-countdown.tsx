import { useTranslation } from 'react-i18next';

/** Only cards waiting for their next step are left: when the next one is due, counting down. */
export function NextCardCountdown({ until, now, left }: { until: number; now: number; left: number }) {
  const { t } = useTranslation();
  const seconds = Math.max(0, Math.ceil((until - now) / 1000));
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  const clock = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
  return (
    <div className="empty-state review-wait">
      <p className="review-empty__title">{t('flashcards.nextCardIn', { count: minutes })}</p>
      <p className="review-wait__clock" role="timer" aria-label={t('flashcards.nextCardIn', { count: minutes })}>
        {clock}
      </p>
      <p className="muted">{t('flashcards.waitHelp', { count: left })}</p>
    </div>
  );
}
