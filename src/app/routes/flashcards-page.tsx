import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLearner } from '@/app/layout/learner-only';
import { FlashcardReview } from '@/features/flashcards/components/flashcard-review';
import { ReviewSettings } from '@/features/flashcards/components/review-settings';
import '@/features/flashcards/flashcard-strings';
import { ReviewSyncIndicator } from '@/features/review-queue/sync-indicator';

/** /flashcards — today's review (spec §4 "Flashcard review"); visitors are asked to log in. */
export function FlashcardsPage() {
  const { t } = useTranslation();
  const user = useLearner();
  return (
    <div className="page">
      <header className="page-banner">
        <h1 className="page-banner__title">{t('flashcards.banner')}</h1>
        <p className="page-banner__text">
          {t('flashcards.intro')} <Link to="/flashcards/cards">{t('flashcards.browseCards')}</Link>
        </p>
      </header>
      <ReviewSyncIndicator />
      <FlashcardReview key={user._id} userId={user._id} />
      <ReviewSettings />
    </div>
  );
}
