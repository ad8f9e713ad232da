import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Forbidden, LoginRequired } from '@/components/access-panels';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { PageLoading } from '@/app/root-layout';
import { useUsers } from '@/features/admin/api/get-users';
import { UsersTable } from '@/features/admin/components/users-table';
import { useAuth } from '@/features/auth';
import { FeedbackList } from '@/features/feedback';
import { isApiError } from '@/lib/api';
import enUSAdmin from '@/i18n/locales/en-US.admin.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// This page's English strings come with its chunk, not in the first download.
addEnglishPageStrings({ admin: enUSAdmin });

/** /admin — user management for admins. The shell shows no navigation bar here. */
export function AdminPage() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  const isAdmin = Boolean(isLoggedIn && user?.isAdmin);
  const users = useUsers({ enabled: isAdmin });
  const loaded = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);

  if (isLoading) return <PageLoading />;
  if (!isLoggedIn || !user) return <LoginRequired />;
  const refused = isApiError(users.error) && users.error.status === 403;
  if (!isAdmin || refused) return <Forbidden message={t('admin.forbidden')} />;

  return (
    <div className="page">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('admin.banner')}</h1>
        <p className="page-banner__text">{t('admin.intro')}</p>
      </header>
      {users.isPending ? (
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('admin.loading')}</p>
        </div>
      ) : users.isError && loaded.length === 0 ? (
        <section className="state-panel state-panel--error" role="alert">
          <h2 className="state-panel__title">{t('admin.fetchFailed')}</h2>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void users.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </section>
      ) : (
        <>
          <UsersTable users={loaded} currentUserId={user._id} more={users.hasNextPage} />
          <LoadMore pages={users} />
          <section className="feedback-section" aria-labelledby="admin-feedback-title">
            <h2 className="section-title" id="admin-feedback-title">
              {t('feedback.adminTitle')}
            </h2>
            <FeedbackList />
          </section>
        </>
      )}
    </div>
  );
}
