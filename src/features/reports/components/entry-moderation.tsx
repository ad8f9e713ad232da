import { Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '@/features/auth';
import type { Entry } from '@/lib/api-types';
import '../report-strings';
import { ReportButton } from './report-button';

/** Whether the signed-in learner may still see an entry moderators hid: its owner and admins. */
export function useSeesHidden(entry: Entry): boolean {
  const { user } = useAuth();
  return Boolean(user && (user.isAdmin || user._id === entry.owner));
}

/** What anyone else sees when moderators hide the entry they have open. */
export function EntryGone() {
  const { t } = useTranslation();
  return (
    <section className="state-panel" role="status">
      <h1 className="state-panel__title">{t('reports.entryGone')}</h1>
      <div className="state-panel__actions">
        <Link className="button button--primary" to="/">
          {t('entry.backToList')}
        </Link>
      </div>
    </section>
  );
}

/** Why an entry is hidden, for the owner and admins (the only ones who still see it). */
export function ModerationNotice({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  if (!entry.moderation) return null;
  return (
    <p className="moderation-notice" role="status">
      {t(entry.moderation === 'held' ? 'reports.heldNotice' : 'reports.removedNotice')}
    </p>
  );
}

/**
 * The entry page's moderation line: Report for everyone but the owner, and, for an admin,
 * `adminTools` (lazily loaded: they wait in a Suspense of their own).
 */
export function EntryModeration({ entry, adminTools }: { entry: Entry; adminTools?: ReactNode }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="entry-moderation">
      <ReportButton target={{ contentId: entry._id }} label={t('reports.reportEntry', { title: entry.title })} ownerId={entry.owner} />
      {user?.isAdmin && <Suspense fallback={null}>{adminTools}</Suspense>}
    </div>
  );
}
