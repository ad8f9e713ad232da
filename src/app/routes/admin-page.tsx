import { useMemo, useRef, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Forbidden } from '@/components/access-panels';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useLearner } from '@/app/layout/learner-only';
import { useModerationChannel } from '@/app/live/use-moderation-channel';
import { useUsers } from '@/features/admin/api/get-users';
import { UsersTable } from '@/features/admin/components/users-table';
import { FeedbackList } from '@/features/feedback';
import { useReports } from '@/features/moderation/api/get-reports';
import { AuditLog } from '@/features/moderation/components/audit-log';
import { ModerationQueue } from '@/features/moderation/components/moderation-queue';
import { isApiError } from '@/lib/api';
import enUSAdmin from '@/i18n/locales/en-US.admin.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// This page's English strings come with its chunk, not in the first download.
addEnglishPageStrings({ admin: enUSAdmin });

const TABS = ['users', 'moderation', 'audit'] as const;
type Tab = (typeof TABS)[number];

/** The Users tab: its heading, then the table once it has loaded. */
function UsersTab({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  return (
    <>
      <div className="admin-tab-head">
        <h2 className="section-title">{t('admin.banner')}</h2>
        <p className="muted">{t('admin.intro')}</p>
      </div>
      <UsersPanel currentUserId={currentUserId} />
    </>
  );
}

function UsersPanel({ currentUserId }: { currentUserId: string }) {
  const { t } = useTranslation();
  const users = useUsers();
  const loaded = useMemo(() => users.data?.pages.flatMap((page) => page.users) ?? [], [users.data]);
  if (users.isPending) {
    return (
      <div className="state-panel" role="status">
        <Spinner size="lg" />
        <p className="state-panel__text">{t('admin.loading')}</p>
      </div>
    );
  }
  if (users.isError && loaded.length === 0) {
    return (
      <section className="state-panel state-panel--error" role="alert">
        <h2 className="state-panel__title">{t('admin.fetchFailed')}</h2>
        <div className="state-panel__actions">
          <button type="button" className="button button--primary" onClick={() => void users.refetch()}>
            {t('errors.retry')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <>
      <UsersTable users={loaded} currentUserId={currentUserId} more={users.hasNextPage} />
      <LoadMore pages={users} />
      <section className="feedback-section" aria-labelledby="admin-feedback-title">
        <h2 className="section-title" id="admin-feedback-title">
          {t('feedback.adminTitle')}
        </h2>
        <FeedbackList />
      </section>
    </>
  );
}

/** /admin — users, the moderation queue (live) and the audit log. The shell shows no navigation bar here. */
export function AdminPage() {
  const { t } = useTranslation();
  const user = useLearner();
  const isAdmin = user.isAdmin;
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((each) => each === params.get('tab')) ?? 'users';
  // The open count in the header, whichever tab is shown; live for every admin on the page.
  const openReports = useReports('open', { enabled: isAdmin });
  useModerationChannel(isAdmin);
  const open = openReports.data?.pages[0]?.open ?? 0;
  const tabRefs = useRef<Partial<Record<Tab, HTMLButtonElement | null>>>({});

  const refused = isApiError(openReports.error) && openReports.error.status === 403;
  if (!isAdmin || refused) return <Forbidden message={t('admin.forbidden')} />;

  const select = (next: Tab) => setParams(next === 'users' ? {} : { tab: next }, { replace: true });
  // Arrow keys move between tabs (the WAI-ARIA tabs pattern).
  const onKeyDown = (event: KeyboardEvent) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = TABS[(TABS.indexOf(tab) + step + TABS.length) % TABS.length];
    select(next);
    tabRefs.current[next]?.focus();
  };
  const label: Record<Tab, string> = { users: t('admin.tabUsers'), moderation: t('admin.tabModeration'), audit: t('admin.tabAudit') };

  return (
    <div className="page">
      {/* The area's name: each tab has its own heading (Users, Moderation queue, Audit log) in its panel. */}
      <header className="page-banner">
        <h1 className="page-banner__title">{t('admin.tabsLabel')}</h1>
        <p className="page-banner__text">
          <strong>{t('admin.openCount', { count: open })}</strong>
        </p>
      </header>
      <div className="admin-tabs" role="tablist" aria-label={t('admin.tabsLabel')} onKeyDown={onKeyDown}>
        {TABS.map((each) => (
          <button
            key={each}
            ref={(node) => void (tabRefs.current[each] = node)}
            type="button"
            role="tab"
            id={`admin-tab-${each}`}
            className="admin-tabs__tab"
            aria-selected={tab === each}
            aria-controls="admin-panel"
            tabIndex={tab === each ? 0 : -1}
            onClick={() => select(each)}
          >
            {label[each]}
            {each === 'moderation' && open > 0 && <span className="admin-tabs__count">{open}</span>}
          </button>
        ))}
      </div>
      <div role="tabpanel" id="admin-panel" aria-labelledby={`admin-tab-${tab}`}>
        {tab === 'users' && <UsersTab currentUserId={user._id} />}
        {tab === 'moderation' && <ModerationQueue />}
        {tab === 'audit' && <AuditLog />}
      </div>
    </div>
  );
}
