import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useAuth } from '@/features/auth';
import { CountryFlag, useCountryName } from '@/features/countries';
import { EntryCard } from '@/app/components/entry-card';
import { useProfile } from '@/features/profiles';
import { isApiError } from '@/lib/api';
import type { PublicProfile } from '@/lib/api-types';
import '@/features/profiles/profile-strings';
import '@/features/recordings/entry-voice-strings';
import '@/features/profiles/profiles.css';

/** /users/:userId — a learner's public profile: their name, since when, and their shown entries. */
export function ProfilePage() {
  const { t } = useTranslation();
  const { userId = '' } = useParams();
  const profile = useProfile(userId);
  const entries = useMemo(() => profile.data?.pages.flatMap((page) => page.data) ?? [], [profile.data]);

  if (profile.isPending) {
    return (
      <div className="page">
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('profile.loading')}</p>
        </div>
      </div>
    );
  }

  if (profile.isError && !profile.data) {
    const notFound = isApiError(profile.error) && profile.error.status === 404;
    return (
      <div className="page page--narrow">
        <section className={`state-panel${notFound ? '' : ' state-panel--error'}`} role={notFound ? undefined : 'alert'}>
          <h1 className="state-panel__title">{notFound ? t('profile.notFoundTitle') : t('errors.loadFailed')}</h1>
          {notFound && <p className="state-panel__text">{t('profile.notFoundBody')}</p>}
          <div className="state-panel__actions">
            {!notFound && (
              <button type="button" className="button button--primary" onClick={() => void profile.refetch()}>
                {t('errors.retry')}
              </button>
            )}
            <Link className="button button--ghost" to="/">
              {t('profile.backHome')}
            </Link>
          </div>
        </section>
      </div>
    );
  }

  const user = profile.data.pages[0].user;
  return (
    <div className="page">
      <Link className="back-link" to="/">
        ← {t('profile.backHome')}
      </Link>
      <ProfileHead user={user} />
      <section className="profile-entries" aria-labelledby="profile-entries-title">
        <h2 id="profile-entries-title" className="section-title">
          {t('profile.entries')}
        </h2>
        {entries.length === 0 ? (
          <div className="empty-state">
            <p>{t('profile.noEntries', { name: user.name || t('profile.unnamed') })}</p>
          </div>
        ) : (
          <>
            <ul className="entry-grid">
              {entries.map((entry) => (
                <li key={entry._id}>
                  <EntryCard entry={entry} />
                </li>
              ))}
            </ul>
            <LoadMore pages={profile} />
          </>
        )}
      </section>
    </div>
  );
}

/** "Speaks Spanish from Mexico", with its flag (decorative: the name is written next to it). */
function SpeakerCountry({ code }: { code: string }) {
  const { t } = useTranslation();
  return (
    <li className="profile-head__speaker">
      <CountryFlag code={code} size="sm" />
      {t('entryVoice.speaksFrom', { country: useCountryName(code) })}
    </li>
  );
}

function ProfileHead({ user }: { user: PublicProfile }) {
  const { t, i18n } = useTranslation();
  const { user: me } = useAuth();
  const joined = new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'long' }).format(new Date(user.createdAt));
  return (
    <>
      <header className="page-banner profile-head">
        <h1 className="page-banner__title profile-head__name">{user.name || t('profile.unnamed')}</h1>
        <ul className="profile-head__facts">
          <li>{t('profile.joined', { date: joined })}</li>
          <li>{t('profile.entryCount', { count: user.entryCount })}</li>
          {user.speakerCountry && <SpeakerCountry code={user.speakerCountry} />}
        </ul>
      </header>
      {me?._id === user._id && (
        <div className="card profile-yours">
          <p>{t('profile.yours')}</p>
          <Link className="button button--secondary button--small" to="/account">
            {t('profile.toAccount')}
          </Link>
        </div>
      )}
    </>
  );
}
