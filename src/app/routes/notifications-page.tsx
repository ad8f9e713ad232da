import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useInbox, type AppNotification } from '@/features/notifications/api/get-notifications';
import { useMarkRead } from '@/features/notifications/api/mark-read';
import { notificationText } from '@/features/notifications/notification-text';
import '@/features/notifications/inbox-strings';
import '@/features/notifications/components/notifications.css';

function linkOf(item: AppNotification): string {
  if (!item.contentId) return '/notifications';
  return item.commentId ? `/content/${item.contentId}#comment-${item.commentId}` : `/content/${item.contentId}`;
}

/** /notifications — the learner's inbox, newest first; opening one marks it read. */
export function NotificationsPage() {
  const { t, i18n } = useTranslation();
  const inbox = useInbox();
  const markRead = useMarkRead();
  const items = useMemo(() => inbox.data?.pages.flatMap((page) => page.data) ?? [], [inbox.data]);
  const unread = inbox.data?.pages[0]?.unread ?? 0;
  const when = useMemo(() => new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }), [i18n.resolvedLanguage]);

  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('inbox.banner')}</h1>
        <p className="page-banner__text">{t('inbox.intro')}</p>
      </header>
      {inbox.isPending ? (
        <div className="state-panel" role="status">
          <Spinner size="lg" />
          <p className="state-panel__text">{t('inbox.loading')}</p>
        </div>
      ) : inbox.isError && items.length === 0 ? (
        <section className="state-panel state-panel--error" role="alert">
          <h2 className="state-panel__title">{t('inbox.failed')}</h2>
          <div className="state-panel__actions">
            <button type="button" className="button button--primary" onClick={() => void inbox.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        </section>
      ) : items.length === 0 ? (
        <p className="state-panel state-panel__text">{t('inbox.empty')}</p>
      ) : (
        <>
          <div className="inbox__toolbar">
            <button type="button" className="button button--ghost button--small" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
              {t('inbox.markAll')}
            </button>
          </div>
          <ol className="inbox">
            {items.map((item) => (
              <li key={item._id}>
                <Link
                  className={`inbox__item card${item.read ? '' : ' inbox__item--unread'}`}
                  to={linkOf(item)}
                  onClick={() => !item.read && markRead.mutate({ ids: [item._id] })}
                >
                  {!item.read && <span className="visually-hidden">{t('inbox.unread')}: </span>}
                  {notificationText(t, item)}
                  <time className="inbox__time" dateTime={item.createdAt}>
                    {when.format(new Date(item.createdAt))}
                  </time>
                </Link>
              </li>
            ))}
          </ol>
          <LoadMore pages={inbox} />
        </>
      )}
    </div>
  );
}
