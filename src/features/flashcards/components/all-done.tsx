import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/features/auth';
import { TodayStats } from './today-stats';

/** Every card of the day is rated: the day's stats, and the focus kept on the page. */
export function AllDone() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  // Reached by rating the last card, whose buttons are gone now: keep the focus on the page.
  useEffect(() => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) ref.current?.focus();
  }, []);
  return (
    <div ref={ref} className="empty-state review-done" role="status" tabIndex={-1}>
      <span className="review-done__icon" aria-hidden="true">
        ✓
      </span>
      <p className="review-empty__title">{t('flashcards.allDone')}</p>
      {user && <TodayStats variant="end" user={user} />}
    </div>
  );
}
