import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useFeedback } from '../api/get-feedback';
import type { Feedback } from '../types';
import './feedback.css';

/** The feedback people sent, newest first, for the admin page (the server refuses anyone else). */
export function FeedbackList() {
  const { t, i18n } = useTranslation();
  const feedback = useFeedback();
  const language = i18n.resolvedLanguage;
  const dateFormat = useMemo(() => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }), [language]);

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
  return (
    <ul className="feedback-list">
      {feedback.data.map((item) => (
        <FeedbackItem key={item._id} item={item} date={dateFormat.format(new Date(item.createdAt))} />
      ))}
    </ul>
  );
}

function FeedbackItem({ item, date }: { item: Feedback; date: string }) {
  const { t } = useTranslation();
  return (
    <li>
      <article className="feedback-item" aria-label={t('feedback.from', { name: item.name, email: item.email })}>
        <header className="feedback-item__head">
          <span className="feedback-item__name">{item.name}</span>
          <a className="feedback-item__email" href={`mailto:${item.email}`}>
            {item.email}
          </a>
          {!item.userId && <span className="badge badge--muted">{t('feedback.guest')}</span>}
          <time className="feedback-item__date" dateTime={item.createdAt}>
            {date}
          </time>
        </header>
        <p className="feedback-item__message">{item.message}</p>
      </article>
    </li>
  );
}
