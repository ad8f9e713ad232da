import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useUpdateEntry } from '@/features/entries/api/update-entry';
import { useResolveReport } from '@/features/moderation/api/resolve-report';
import '@/features/reports/report-strings';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry } from '@/lib/api-types';

/**
 * An admin's Hide / Show / Restore on any entry page (Restore for what moderation hid): the
 * entry's own update and the moderators' resolution, put on the entry page by the app.
 */
export default function AdminEntryTools({ entry }: { entry: Entry }) {
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
