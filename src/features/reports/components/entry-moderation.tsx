import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { useUpdateEntry } from '@/features/entries/api/update-entry';
import { useResolveReport } from '@/features/moderation/api/resolve-report';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry } from '@/lib/api-types';
import '../report-strings';
import { ReportButton } from './report-button';

/** An admin's Hide / Show / Restore on any entry page (Restore for what moderation hid). */
function AdminEntryTools({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const toast = useToast();
  const update = useUpdateEntry();
  const resolve = useResolveReport();
  const busy = update.isPending || resolve.isPending;
  const done = (key: 'reports.hiddenDone' | 'reports.shownDone') => ({
    onSuccess: () => toast.success(t(key)),
    onError: (failure: unknown) => toast.error(apiErrorText(t, failure, 'reports.adminFailed')),
  });
  return (
    <div className="entry-moderation__admin" role="group" aria-label={t('reports.adminTools')}>
      <span className="badge">{t('reports.adminTools')}</span>
      {entry.moderation ? (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => resolve.mutate({ contentId: entry._id, commentId: null, action: 'restore' }, done('reports.shownDone'))}
        >
          {t('reports.restore')}
        </button>
      ) : (
        <button
          type="button"
          className="button button--small"
          disabled={busy}
          onClick={() => update.mutate({ _id: entry._id, show: !entry.show }, done(entry.show ? 'reports.hiddenDone' : 'reports.shownDone'))}
        >
          {t(entry.show ? 'reports.hide' : 'reports.show')}
        </button>
      )}
    </div>
  );
}

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

/** The entry page's moderation line: Report for everyone but the owner, and the admins' tools. */
export function EntryModeration({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const { user } = useAuth();
  return (
    <div className="entry-moderation">
      <ReportButton target={{ contentId: entry._id }} label={t('reports.reportEntry', { title: entry.title })} ownerId={entry.owner} />
      {user?.isAdmin && <AdminEntryTools entry={entry} />}
    </div>
  );
}
