import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuth } from '@/features/auth';
import { ReminderOffer } from '@/features/reminders';
import { TodayStats } from './today-stats';

/**
 * Every card of the day is rated: the day's stats, and the focus kept on the page. A session
 * just finished (`finished`) offers the daily reminder to a learner who has never been offered it.
 */
export function AllDone({ finished = false }: { finished?: boolean }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const ref = useRef<HTMLDivElement>(null);
  // Reached by rating the last card, whose buttons are gone now: keep the focus on the page.
  useEffect(() => {
    if (document.activeElement === document.body || !document.activeElement?.isConnected) ref.current?.focus();
  }, []);
  return (
    <>
      <div ref={ref} className="empty-state review-done" role="status" tabIndex={-1}>
        <span className="review-done__icon" aria-hidden="true">
          ✓
        </span>
        <p className="review-empty__title">{t('flashcards.allDone')}</p>
        {user && <TodayStats variant="end" user={user} />}
      </div>
      {finished && user && <ReminderOffer user={user} />}
    </>
  );
}
