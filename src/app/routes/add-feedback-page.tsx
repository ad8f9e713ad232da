import { useTranslation } from 'react-i18next';
import { FeedbackForm } from '@/features/feedback';

/** /addfeedback — anyone, guests too, can write to us. */
export function AddFeedbackPage() {
  const { t } = useTranslation();
  return (
    <div className="page page--narrow">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('feedback.banner')}</h1>
        <p className="page-banner__text">{t('feedback.intro')}</p>
      </header>
      <FeedbackForm />
    </div>
  );
}
