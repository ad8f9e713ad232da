import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useEffectEvent, useRef, useState } from 'react';
import { authKeys, useAuth } from '@/features/auth';
import { flashcardKeys } from '../api/flashcard-keys';
import { dueFlashcardsQueryOptions, useDueFlashcards } from '../api/get-due-flashcards';
import { NothingDue } from './nothing-due';
import { ReviewSession } from './review-session';
import { ReviewLoadFailed, ReviewLoading } from './review-status';
import { carryOver, dayRollover, localDayEnd, type SessionCard } from './session-queue';
import '../flashcards.css';
import '../flashcard-strings';

/**
 * Spec §10: the card resets 300 ms after a review. The reset is drawn, not waited for: the
 * next card's front shows at once (rating → next card within a frame) and settles onto the
 * table over these 300 ms (no motion when the learner asks for reduced motion).
 */
export const RESET_DELAY_MS = 300;

/** Today's due cards, one at a time, for the signed-in learner `userId`. */
export function FlashcardReview({ userId }: { userId: string }) {
  const { user } = useAuth();
  const due = useDueFlashcards(userId, user?.timeZone);
  const queryClient = useQueryClient();
  // The learner's day the list was fetched in ends here: then the next day's list is asked for.
  const dayEnd = localDayEnd(due.dataUpdatedAt, user?.timeZone);
  // Whether a card is on screen in the session (it is finished before the new day's list comes).
  const cardOnScreen = useRef(false);
  // The cards the session holds for another step, carried into the next list's session.
  const [held, setHeld] = useState<SessionCard[]>([]);
  // A rating re-renders only the session, unless what it holds for another step changed.
  const hold = useCallback(
    (next: SessionCard[]) => setHeld((last) => (last.length === next.length && last.every((card, index) => card._id === next[index]._id && card.due === next[index].due) ? last : next)),
    [],
  );
  /** The learner's new day: its due list and limits, and the streak and today's progress with it. */
  const startNewDay = async () => {
    void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(userId) });
    void queryClient.invalidateQueries({ queryKey: authKeys.user(userId) });
    // Asked once, not retried (offline a retry would wait for the network): should it fail,
    // the session on screen goes on with the list it has, and asks again later.
    await queryClient.fetchQuery({ ...dueFlashcardsQueryOptions(userId, user?.timeZone), staleTime: 0, retry: false }).catch(() => undefined);
  };
  const check = useEffectEvent(() => {
    if (!due.data || due.isFetching) return;
    if (dayRollover(dayEnd, Date.now(), cardOnScreen.current) === 'refetch') void startNewDay();
  });
  useEffect(() => {
    // Timers sleep with the device: ask again every half minute, and when the page is shown again.
    const timer = setInterval(check, DAY_CHECK_MS);
    const shown = () => document.visibilityState === 'visible' && check();
    document.addEventListener('visibilitychange', shown);
    window.addEventListener('focus', check);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', shown);
      window.removeEventListener('focus', check);
    };
  }, []);
  if (due.isPending) return <ReviewLoading />;
  // A failed refetch (the new day's list out of reach) keeps the session it had.
  if (due.isError && !due.data) return <ReviewLoadFailed onRetry={() => void due.refetch()} />;
  if (!due.data) return <ReviewLoading />;
  const cards = carryOver(due.data.cards, held);
  if (cards.length === 0) return <NothingDue userId={userId} />;
  // A new page of due cards starts a new session (its queue is local state).
  return (
    <ReviewSession
      key={due.dataUpdatedAt}
      userId={userId}
      cards={cards}
      total={due.data.total + cards.length - due.data.cards.length}
      today={due.data.today}
      onPageDone={() => void due.refetch()}
      dayEnd={dayEnd}
      cardOnScreenRef={cardOnScreen}
      onHeld={hold}
      onNewDay={() => startNewDay()}
    />
  );
}

/** How often an open session looks whether the learner's day has changed. */
export const DAY_CHECK_MS = 30_000;
