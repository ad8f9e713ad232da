import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { User } from '@/lib/api-types';
import { useToday } from '../api/get-today';
import { shownCounts, useSessionCounts } from './today-counts';
import '../flashcard-strings';
import './today-stats.css';

function FlameIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinejoin="round">
      <path d="M12 21c-3.9 0-6.5-2.6-6.5-6.2 0-3.1 2-5.2 3.6-7 .3 1.9 1.2 3 2.3 3.5C11 8 12.2 5 14.6 3c.2 3.1 1.6 4.7 2.8 6.3 1.1 1.4 1.6 3 1.6 4.6 0 4.2-3 7.1-7 7.1z" />
    </svg>
  );
}

/**
 * The learner's streak and today's session: cards done today (New cards introduced and Review
 * cards reviewed, as the daily limits count them) out of those and the ones still left in the
 * session (todayCounts: cards in a learning step are neither), the numbers the open session
 * shows. `variant` header: a compact link to /flashcards; end: the session's end screen.
 */
export function TodayStats({ variant, user }: { variant: 'header' | 'end'; user: Pick<User, '_id' | 'currentStreak'> }) {
  const { t } = useTranslation();
  const today = useToday(user._id);
  const counts = shownCounts(useSessionCounts(user._id), today.data, today.dataUpdatedAt);
  const streak = user.currentStreak;
  const streakText = t('flashcards.streakDays', { count: streak });
  const progress = counts && counts.done + counts.left + counts.learning > 0 ? counts : null;
  const goal = progress ? progress.done + progress.left : 0;
  const progressText = progress
    ? t('flashcards.todayProgress', { done: progress.done, goal, left: progress.left }) +
      (progress.learning > 0 ? t('reviewLoop.andLearning', { count: progress.learning }) : '')
    : '';
  if (variant === 'header') {
    // Named by its content (the numbers shown, then the words they stand for, read aloud only).
    return (
      <Link to="/flashcards" className="today-stats" title={progress ? `${streakText}. ${progressText}` : streakText}>
        <span className="today-stats__streak">
          <FlameIcon />
          <span aria-hidden="true">{streak}</span>
          <span className="visually-hidden">{streakText}.</span>
        </span>
        {progress && (
          <span className="today-stats__progress">
            <span aria-hidden="true">
              {progress.done}/{goal}
            </span>
            <span className="visually-hidden">{progressText}</span>
          </span>
        )}
      </Link>
    );
  }
  return (
    <div className="today-stats today-stats--end">
      <p className="today-stats__line">
        <FlameIcon />
        {streakText}
      </p>
      {progress && (
        <>
          <p className="today-stats__line">{progressText}</p>
          <progress className="today-stats__bar" max={goal} value={progress.done} aria-label={progressText} />
        </>
      )}
    </div>
  );
}

/** The header's lazy part (not in the first download): the streak and today's progress. */
export default function HeaderToday({ user }: { user: Pick<User, '_id' | 'currentStreak'> }) {
  return <TodayStats variant="header" user={user} />;
}
