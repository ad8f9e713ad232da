import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LoginRequired } from '@/components/access-panels';
import { PageLoading } from '@/app/layout/root-layout';
import { useAuth } from '@/features/auth';
import { FlashcardReview } from '@/features/flashcards/components/flashcard-review';
import '@/features/flashcards/flashcard-strings';
import { ReviewSyncIndicator } from '@/features/review-queue/sync-indicator';

/** /flashcards — today's review (spec §4 "Flashcard review"); visitors are asked to log in. */
export function FlashcardsPage() {
  const { t } = useTranslation();
  const { isLoading, isLoggedIn, user } = useAuth();
  if (isLoading) return <PageLoading />;
  if (!isLoggedIn || !user) return <LoginRequired />;
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
    </div>
  );
}
