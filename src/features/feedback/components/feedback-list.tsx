import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { apiErrorText } from '@/i18n/api-errors';
import { useFeedback } from '../api/get-feedback';
import { useMarkFeedbackHandled } from '../api/mark-feedback-handled';
import type { Feedback } from '../types';
import './feedback.css';

/**
 * The feedback people sent, for the admin page (the server refuses anyone else): what is
 * still open first, newest first, each with "Mark handled"; below, under "Handled (n)", the
 * handled ones, dimmed, with "Reopen". Open work stays on top without hiding anything.
 */
export function FeedbackList() {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const language = i18n.resolvedLanguage;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }), [language]);
  const [open, handled] = useMemo(() => {
    const items = feedback.data ?? [];
    // Servers before handling existed send no `handled`: everything is open.
    return [items.filter((item) => !item.handled), items.filter((item) => item.handled)];
  }, [feedback.data]);

  if (feedback.isPending) {
    return (
      <div className="feedback-state" role="status">
        <Spinner size="sm" />
        <p className="feedback-state__text">{t('feedback.adminLoading')}</p>
      </div>
    );
  }
  if (feedback.isError) {
    return (
      <div className="feedback-state feedback-state--error" role="alert">
        <p className="feedback-state__text">{t('feedback.adminFailed')}</p>
        <button type="button" className="button button--secondary button--small" onClick={() => void feedback.refetch()} disabled={feedback.isFetching}>
          {t('errors.retry')}
        </button>
      </div>
    );
  }
  if (feedback.data.length === 0) {
    return <p className="feedback-state">{t('feedback.adminEmpty')}</p>;
  }
  const format = (value: string) => dateFormat.format(new Date(value));
  return (
    <>
      {open.length > 0 ? (
        <ul className="feedback-list" aria-label={t('feedback.openCount', { count: open.length })}>
          {open.map((item) => (
            <FeedbackItem key={item._id} item={item} format={format} />
          ))}
        </ul>
      ) : (
        <p className="feedback-state">{t('feedback.allHandled')}</p>
      )}
      {handled.length > 0 && (
        <section className="feedback-handled" aria-labelledby="feedback-handled-title">
          <h3 className="feedback-handled__title" id="feedback-handled-title">
            {t('feedback.handledTitle', { count: handled.length })}
          </h3>
          <ul className="feedback-list">
            {handled.map((item) => (
              <FeedbackItem key={item._id} item={item} format={format} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

function FeedbackItem({ item, format }: { item: Feedback; format: (value: string) => string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mark = useMarkFeedbackHandled();
  const handled = Boolean(item.handled);
  const toggle = () =>
    mark.mutate({ feedbackId: item._id, handled: !handled }, { onError: (error) => toast.error(apiErrorText(t, error, 'feedback.markFailed')) });
  return (
    <li>
      <article className={`feedback-item${handled ? ' feedback-item--handled' : ''}`} aria-label={t('feedback.from', { name: item.name, email: item.email })}>
        <header className="feedback-item__head">
          <span className="feedback-item__name">{item.name}</span>
          <a className="feedback-item__email" href={`mailto:${item.email}`}>
            {item.email}
          </a>
          {!item.userId && <span className="badge badge--muted">{t('feedback.guest')}</span>}
          <time className="feedback-item__date" dateTime={item.createdAt}>
            {format(item.createdAt)}
          </time>
        </header>
        <p className="feedback-item__message">{item.message}</p>
        <footer className="feedback-item__foot">
          {handled && item.handledAt && (
            <span className="badge badge--handled">
              {item.handledBy?.name
                ? t('feedback.handledBy', { date: format(item.handledAt), name: item.handledBy.name })
                : t('feedback.handledOn', { date: format(item.handledAt) })}
            </span>
          )}
          <button
            type="button"
            className={`button button--small ${handled ? 'button--ghost' : 'button--secondary'}`}
            aria-label={t(handled ? 'feedback.reopenLabel' : 'feedback.markHandledLabel', { name: item.name })}
            disabled={mark.isPending}
            onClick={toggle}
          >
            {mark.isPending && <Spinner size="sm" />}
            {t(handled ? 'feedback.reopen' : 'feedback.markHandled')}
          </button>
        </footer>
      </article>
    </li>
  );
}
