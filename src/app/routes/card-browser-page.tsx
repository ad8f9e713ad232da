import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLearner } from '@/app/layout/learner-only';
import { CardBrowser } from '@/features/flashcards/components/card-browser';
import '@/features/flashcards/flashcard-strings';

/** /flashcards/cards — the learner's cards: search, filter, suspend and resume, reset, delete. */
export function CardBrowserPage() {
  const { t } = useTranslation();
  const user = useLearner();
  return (
    <div className="page">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('flashcards.browserTitle')}</h1>
        <p className="page-banner__text">
          {t('flashcards.browserIntro')} <Link to="/flashcards">{t('flashcards.backToReview')}</Link>
        </p>
      </header>
      <CardBrowser key={user._id} userId={user._id} />
    </div>
  );
}
