import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFlashcards } from '../api/get-flashcards';
import { AllDone } from './all-done';
import { ReviewLoadFailed, ReviewLoading } from './review-status';

/** Nothing due: either no cards at all, or all done for today (only then is the whole list asked for). */
export function NothingDue({ userId }: { userId: string }) {
  const all = useFlashcards(userId);
  if (all.isPending) return <ReviewLoading />;
  if (all.isError) return <ReviewLoadFailed onRetry={() => void all.refetch()} />;
  return all.data.length === 0 ? <NoFlashcards /> : <AllDone />;
}

function NoFlashcards() {
  const { t } = useTranslation();
  return (
    <div className="empty-state">
      <p className="review-empty__title">{t('flashcards.none')}</p>
      <p className="muted">{t('flashcards.noneHelp')}</p>
      <Link className="button button--primary" to="/">
        {t('flashcards.browse')}
      </Link>
    </div>
  );
}
