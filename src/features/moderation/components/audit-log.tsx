import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import enUSAdmin from '@/i18n/locales/en-US.admin.json';
import { useAuditLog, type AuditRow } from '../api/get-audit-log';
import './moderation.css';

type AuditAction = keyof typeof enUSAdmin.audit.actions;
const isKnownAction = (action: string): action is AuditAction => Object.hasOwn(enUSAdmin.audit.actions, action);

/** The audit log: every admin action, newest first, a page at a time. */
export function AuditLog() {
  const { t, i18n } = useTranslation();
  const log = useAuditLog();
  const rows = useMemo(() => log.data?.pages.flatMap((page) => page.data) ?? [], [log.data]);
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.resolvedLanguage]);
  const action = (row: AuditRow) => (isKnownAction(row.action) ? t(`admin.audit.actions.${row.action}`) : row.action);

  return (
    <section className="moderation" aria-labelledby="audit-title">
      <div>
        <h2 className="section-title" id="audit-title">
          {t('admin.audit.title')}
        </h2>
        <p className="muted">{t('admin.audit.intro')}</p>
      </div>
      {log.isPending ? (
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('admin.audit.loading')}</p>
        </div>
      ) : log.isError && rows.length === 0 ? (
        <section className="state-panel state-panel--error" role="alert">
          <h3 className="state-panel__title">{t('admin.audit.failed')}</h3>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void log.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </section>
      ) : rows.length === 0 ? (
        <p className="state-panel state-panel__text">{t('admin.audit.empty')}</p>
      ) : (
        <>
          <div className="audit__frame card">
            <table className="audit__table">
              <caption className="visually-hidden">{t('admin.audit.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('admin.audit.when')}</th>
                  <th scope="col">{t('admin.audit.who')}</th>
                  <th scope="col">{t('admin.audit.what')}</th>
                  <th scope="col">{t('admin.audit.target')}</th>
                  <th scope="col">{t('admin.audit.reason')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row) => (
                  <tr key={row._id}>
                    <td>
                      <time dateTime={row.createdAt}>{when.format(new Date(row.createdAt))}</time>
                    </td>
                    <td>{row.actor.name ?? '—'}</td>
                    <td>{action(row)}</td>
                    <td>
                      <span className="muted">{t(`admin.audit.targetTypes.${row.targetType}`)}</span> {row.targetLabel ?? row.targetId}
                    </td>
                    <td>{row.reason ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <LoadMore pages={log} />
        </>
      )}
    </section>
  );
}
