import { useTranslation } from 'react-i18next';
import { FlameIcon, TrophyIcon } from '@/components/icons';
import type { User } from '@/features/auth/types';

/** Current and longest streak in days (the streak routes keep them on the user). */
export function StreakStats({ user }: { user: Pick<User, 'currentStreak' | 'longestStreak'> }) {
  const { t } = useTranslation();
  const stats = [
    { label: t('account.currentStreak'), value: user.currentStreak ?? 0, icon: <FlameIcon />, tone: 'flame' },
    { label: t('account.longestStreak'), value: user.longestStreak ?? 0, icon: <TrophyIcon />, tone: 'trophy' },
  ];
  return (
    <dl className="streaks">
      {stats.map((stat) => (
        <div key={stat.label} className="streak card">
          <dt className="streak__label">
            <span className={`streak__icon streak__icon--${stat.tone}`}>{stat.icon}</span>
            {stat.label}
          </dt>
          <dd className="streak__value">{t('account.days', { count: stat.value })}</dd>
        </div>
      ))}
    </dl>
  );
}
