import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useLearner } from '@/app/layout/learner-only';
import { ActivityHeatmap } from '@/features/account/activity-heatmap';
import { ExportData } from '@/features/account/export-data';
import { DeleteAccount } from '@/features/account/delete-account';
import { ProfileForm } from '@/features/account/profile-form';
import { SignInDetails } from '@/features/auth/components/sign-in-details';
import { StreakStats } from '@/features/account/streak-stats';
import { TimeZoneForm } from '@/features/account/time-zone-form';
import { DailyLimitsForm } from '@/features/flashcards/components/daily-limits-form';
import { NotificationSettings } from '@/features/notifications/components/notification-settings';
import { PushReminderSwitch } from '@/features/push';
import { ReminderSettings } from '@/features/reminders';
import type { AuthUser } from '@/features/auth';
import { useUserEntries } from '@/features/entries/api/get-user-entries';
import { HomeCountryForm } from '@/features/usage/components/home-country-form';
import { SpeakerCountryForm } from '@/features/recordings/components/speaker-country-form';
import { EntryCard } from '@/app/components/entry-card';
import '@/features/account/account.css';
import '@/features/account/account-strings';

/** /account — the user's streaks and review activity, profile, data export and own entries (with the only edit icons). */
export function AccountPage() {
  return <Account user={useLearner()} />;
}

function Account({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  return (
    <div className="page">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('account.banner')}</h1>
        <p className="page-banner__text">{t('account.intro')}</p>
      </header>
      <div className="account-top">
        <section aria-label={t('account.streaks')}>
          <StreakStats user={user} />
        </section>
        <section className="card profile-card" aria-labelledby="profile-title">
          <div className="section-head">
            <h2 id="profile-title" className="section-title">
              {t('account.profile')}
            </h2>
            {user.isAdmin && <span className="badge badge--admin">{t('account.adminBadge')}</span>}
          </div>
          {user.email && <p className="profile-card__email">{user.email}</p>}
          <ProfileForm key={user._id} user={user} />
          <TimeZoneForm key={`${user._id}-${user.timeZone}`} user={user} />
          <HomeCountryForm key={`${user._id}-${user.homeCountry ?? ''}`} user={user} />
          <SpeakerCountryForm key={`${user._id}-${user.speakerCountry ?? ''}`} user={user} />
        </section>
      </div>
      <SignInDetails user={user} />
      <ActivityHeatmap userId={user._id} />
      <section className="card daily-limits-card" aria-labelledby="daily-limits-title">
        <h2 id="daily-limits-title" className="section-title">
          {t('flashcards.limitsTitle')}
        </h2>
        <DailyLimitsForm key={`${user._id}-${user.newCardsPerDay}-${user.maxReviewsPerDay}`} user={user} />
      </section>
      <section className="card notification-settings" aria-labelledby="notification-settings-title">
        <h2 id="notification-settings-title" className="section-title">
          {t('inbox.settingsTitle')}
        </h2>
        <NotificationSettings user={user} />
      </section>
      <section className="card reminders-card" aria-labelledby="reminders-title">
        <h2 id="reminders-title" className="section-title">
          {t('reminderSettings.title')}
        </h2>
        <ReminderSettings key={`${user._id}-${user.reminders?.email}-${user.reminders?.time}`} user={user} pushSwitch={<PushReminderSwitch user={user} />} />
      </section>
      <ExportData userId={user._id} />
      <UserEntries userId={user._id} />
      <DeleteAccount />
    </div>
  );
}

function UserEntries({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const entries = useUserEntries(userId);
  const items = useMemo(() => entries.data?.pages.flatMap((page) => page.data) ?? [], [entries.data]);
  return (
    <section className="account-entries" aria-labelledby="my-entries-title">
      <div className="section-head">
        <h2 id="my-entries-title" className="section-title">
          {t('account.entries')}
        </h2>
        {items.length > 0 && (
          <span className="muted">
            {entries.hasNextPage ? t('account.entryCountMore', { count: items.length }) : t('account.entryCount', { count: items.length })}
          </span>
        )}
      </div>
      {entries.isPending ? (
        <p className="results__status" role="status">
          <Spinner size="sm" />
          {t('account.loadingEntries')}
        </p>
      ) : entries.isError && items.length === 0 ? (
        <div className="state-panel state-panel--error" role="alert">
          <p className="state-panel__text">{t('errors.loadFailed')}</p>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void entries.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </div>
      ) : items.length === 0 ? (
        <div className="empty-state">
          <p>{t('account.noEntries')}</p>
          <Link className="button button--primary" to="/addContent">
            {t('home.addFirst')}
          </Link>
        </div>
      ) : (
        <>
          <ul className="entry-grid">
            {items.map((entry) => (
              <li key={entry._id}>
                <EntryCard entry={entry} editable />
              </li>
            ))}
          </ul>
          <LoadMore pages={entries} />
        </>
      )}
    </section>
  );
}
