import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { FlameIcon, TrophyIcon } from '@/components/icons';
import type { User } from '@/lib/api-types';
import { useCurrentStreak, useLongestStreak } from './api/get-streaks';
import './account-strings';

function SnowflakeIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 2.5v19M3.8 7.25l16.4 9.5M3.8 16.75l16.4-9.5M9.5 4l2.5 2.5L14.5 4M9.5 20l2.5-2.5 2.5 2.5" />
    </svg>
  );
}

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

/**
 * Current and longest streak in days and the freezes held: the live values from the streak
 * routes, the user object's until they arrive.
 */
export function StreakStats({ user }: { user: Pick<User, '_id' | 'currentStreak' | 'longestStreak'> }) {
  const { t } = useTranslation();
  const current = useCurrentStreak(user._id);
  const longest = useLongestStreak(user._id);
  const freezes = current.data && typeof current.data.freezes === 'number' ? current.data.freezes : null;
  const stats: { key: string; label: string; value: string; icon: ReactNode; tone: string; help?: string }[] = [
    {
      key: 'current',
      label: t('account.currentStreak'),
      value: t('account.days', { count: numberOr(current.data?.streak, user.currentStreak ?? 0) }),
      icon: <FlameIcon />,
      tone: 'flame',
    },
    {
      key: 'longest',
      label: t('account.longestStreak'),
      value: t('account.days', { count: numberOr(longest.data?.streak, user.longestStreak ?? 0) }),
      icon: <TrophyIcon />,
      tone: 'trophy',
    },
    {
      key: 'freezes',
      label: t('account.freezes'),
      // Not on the user object: nothing to show until the server says.
      value: freezes === null ? '–' : t('account.freezesHeld', { count: freezes }),
      icon: <SnowflakeIcon />,
      tone: 'freeze',
      help: t('account.freezesHelp'),
    },
  ];
  return (
    <dl className="streaks">
      {stats.map((stat) => (
        <div key={stat.key} className={`streak card streak--${stat.key}`}>
          <dt className="streak__label">
            <span className={`streak__icon streak__icon--${stat.tone}`}>{stat.icon}</span>
            {stat.label}
          </dt>
          <dd className="streak__value">{stat.value}</dd>
          {stat.help && <dd className="streak__help">{stat.help}</dd>}
        </div>
      ))}
    </dl>
  );
}
