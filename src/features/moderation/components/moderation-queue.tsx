import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { CountryFlag, useCountryName } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import { useRelativeTime } from '@/lib/use-relative-time';
import { useReports, type LinkPreview, type LinkedEntryPreview, type ModerationCase, type RecordingPreview, type Resolution } from '../api/get-reports';
import type { QueueStatus } from '../api/moderation-keys';
import { useResolveReport } from '../api/resolve-report';
import { CaseReporters } from './case-reporters';
import './moderation.css';

const doneKey = { restore: 'admin.moderation.restored', remove: 'admin.moderation.removedDone', dismiss: 'admin.moderation.dismissed' } as const;

function caseTitle(item: ModerationCase): string {
  if ('entries' in item.preview) return item.preview.entries.map((entry) => entry.title).join(' ↔ ');
  if ('path' in item.preview) return item.preview.entryTitle;
  return 'title' in item.preview ? item.preview.title : item.preview.text;
}

const caseKind = {
  entry: 'admin.moderation.entry',
  comment: 'admin.moderation.comment',
  link: 'admin.moderation.link',
  recording: 'admin.moderation.recording',
} as const;

function LinkedEntry({ entry }: { entry: LinkedEntryPreview }) {
  const { t } = useTranslation();
  const country = useCountryName(entry.country);
  return (
    <li className="case__linked">
      <CountryFlag code={entry.country} size="md" />
      <span className="visually-hidden">{country}: </span>
      <Link to={`/content/${entry._id}`} className="case__title" lang="es">
        {entry.title}
      </Link>
      {entry.ownerName && <span className="muted"> · {t('admin.moderation.by', { name: entry.ownerName })}</span>}
    </li>
  );
}

/** A reported link: both entries, each with its flag and a link to its page. */
function LinkCasePreview({ preview }: { preview: LinkPreview }) {
  const { t } = useTranslation();
  return (
    <div className="case__link-preview">
      <ul className="case__pair" aria-label={t('admin.moderation.linkEntries')}>
        {preview.entries.map((entry) => (
          <LinkedEntry key={entry._id} entry={entry} />
        ))}
      </ul>
      <p className="muted case__link-note">
        {preview.linked ? preview.linkedBy && t('admin.moderation.linkedBy', { name: preview.linkedBy }) : t('admin.moderation.linkGone')}
      </p>
    </div>
  );
}

/** A reported recording: who said it, from where, on which entry, and a player to judge it by ear. */
function RecordingCasePreview({ preview, removed }: { preview: RecordingPreview; removed: boolean }) {
  const { t } = useTranslation();
  const country = useCountryName(preview.country);
  return (
    <div className="case__preview">
      <p>
        <CountryFlag code={preview.country} size="md" /> <span className="case__title" lang="es">{preview.entryTitle}</span>
        <span className="muted">
          {' '}
          · {t('admin.moderation.by', { name: preview.ownerName })} {t('admin.moderation.recordingFrom', { country })}
        </span>
      </p>
      {!removed && <audio controls preload="none" src={preview.url} aria-label={t('admin.moderation.listen')} />}
    </div>
  );
}

function CaseRow({ item, ago }: { item: ModerationCase; ago: (iso: string) => string }) {
  const { t } = useTranslation();
  const toast = useToast();
  // The toasts are the mutation's own: the decision's live 'queue' event may drop this row
  // before the reply arrives.
  const resolve = useResolveReport({
    onDone: ({ action }) => toast.success(t(doneKey[action])),
    onFailed: (failure) => toast.error(apiErrorText(t, failure, 'admin.moderation.actionFailed')),
  });
  const title = caseTitle(item);
  const context = item.commentId ? `/content/${item.contentId}#comment-${item.commentId}` : `/content/${item.contentId}`;
  const act = (action: Resolution) =>
    resolve.mutate({ contentId: item.contentId, commentId: item.commentId, variantId: item.variantId ?? null, recordingId: item.recordingId ?? null, action });
  const state = item.moderation === 'removed' ? 'removed' : item.hidden ? 'hidden' : 'visible';

  return (
    <li className="case card">
      <div className="case__head">
        <span className="badge">{t(caseKind[item.kind])}</span>
        <span className={`badge case__state case__state--${state}`}>{t(`admin.moderation.${state}`)}</span>
        <span className="case__count">{t('admin.moderation.reporters', { count: item.count })}</span>
        <time className="muted case__time" dateTime={item.lastReportedAt} title={new Date(item.lastReportedAt).toLocaleString()}>
          {t('admin.moderation.reported', { time: ago(item.lastReportedAt) })}
        </time>
      </div>
      {'entries' in item.preview ? (
        <LinkCasePreview preview={item.preview} />
      ) : 'path' in item.preview ? (
        <RecordingCasePreview preview={item.preview} removed={item.moderation === 'removed'} />
      ) : (
        <p className="case__preview">
          <span className="case__title">{title}</span>
          {'title' in item.preview ? (
            item.preview.ownerName && <span className="muted"> · {t('admin.moderation.by', { name: item.preview.ownerName })}</span>
          ) : (
            <span className="muted">
              {' '}
              · {t('admin.moderation.by', { name: item.preview.ownerName })} {t('admin.moderation.onEntry', { title: item.preview.entryTitle })}
            </span>
          )}
        </p>
      )}
      <ul className="case__reasons" aria-label={t('admin.moderation.reasonsLabel')}>
        {Object.entries(item.reasons).map(([reason, count]) => (
          <li key={reason} className="chip">
            {t(`admin.moderation.reasons.${reason as keyof ModerationCase['reasons']}`)} × {count}
          </li>
        ))}
      </ul>
      <CaseReporters reporters={item.reporters} />
      {item.notes.length > 0 && (
        <details className="case__notes">
          <summary>{t('admin.moderation.notes')}</summary>
          <ul>
            {item.notes.map((note) => (
              <li key={`${note.createdAt}-${note.text}`}>
                <q>{note.text}</q> <span className="muted">({t(`admin.moderation.reasons.${note.reason}`)})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="case__actions" role="group" aria-label={t('admin.moderation.actionsFor', { name: title })}>
        {item.kind !== 'link' && (
          <Link className="button button--ghost button--small" to={context}>
            {t('admin.moderation.openInContext')}
          </Link>
        )}
        {item.status === 'open' ? (
          <>
            {/* Only what reports or a moderator hid can be restored: a visible thing is kept by Dismiss. */}
            {state !== 'visible' && (
              <button type="button" className="button button--small" disabled={resolve.isPending} onClick={() => act('restore')}>
                {t('admin.moderation.restore')}
              </button>
            )}
            <button type="button" className="button button--small button--danger" disabled={resolve.isPending} onClick={() => act('remove')}>
              {t('admin.moderation.remove')}
            </button>
            <button type="button" className="button button--ghost button--small" disabled={resolve.isPending} onClick={() => act('dismiss')}>
              {t('admin.moderation.dismiss')}
            </button>
            {resolve.isPending && <Spinner size="sm" />}
          </>
        ) : (
          item.resolution && (
            <span className="badge badge--muted">
              {t(`admin.moderation.resolution.${item.resolution}`)}
              {item.resolutionNote ? ` · ${item.resolutionNote}` : ''}
            </span>
          )
        )}
      </div>
    </li>
  );
}

/** The admins' queue: open or resolved reports, live (the page subscribes to the moderation topic). */
export function ModerationQueue() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<QueueStatus>('open');
  const reports = useReports(status);
  const items = useMemo(() => reports.data?.pages.flatMap((page) => page.data) ?? [], [reports.data]);
  const ago = useRelativeTime();

  return (
    <section className="moderation" aria-labelledby="moderation-title">
      <div className="moderation__head">
        <div>
          <h2 className="section-title" id="moderation-title">
            {t('admin.moderation.title')}
          </h2>
          <p className="muted">{t('admin.moderation.intro')}</p>
        </div>
        <div className="segmented" role="group" aria-label={t('admin.moderation.statusLabel')}>
          {(['open', 'resolved'] as const).map((each) => (
            <button key={each} type="button" className="segmented__option" aria-pressed={status === each} onClick={() => setStatus(each)}>
              {t(`admin.moderation.${each}`)}
            </button>
          ))}
        </div>
      </div>
      {reports.isPending ? (
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('admin.moderation.loading')}</p>
        </div>
      ) : reports.isError && items.length === 0 ? (
        <section className="state-panel state-panel--error" role="alert">
          <h3 className="state-panel__title">{t('admin.moderation.failed')}</h3>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void reports.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </section>
      ) : items.length === 0 ? (
        <p className="state-panel state-panel__text">{t(status === 'open' ? 'admin.moderation.empty' : 'admin.moderation.emptyResolved')}</p>
      ) : (
        <>
          <ol className="moderation__list">
            {items.map((item) => (
              <CaseRow key={item._id} item={item} ago={ago} />
            ))}
          </ol>
          <LoadMore pages={reports} />
        </>
      )}
    </section>
  );
}
