import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useEffectEvent, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { recordingsQueryOptions } from '@/features/recordings';
import { flashcardKeys } from '../api/flashcard-keys';
import { getDueFlashcards } from '../api/get-due-flashcards';
import { ratedCard, useReviewFlashcard } from '../api/review-flashcard';
import type { DueListToday } from '../api/get-due-flashcards';
import type { DueFlashcard, Rating } from '../api/types';
import { AllDone } from './all-done';
import { NextCardCountdown } from './next-card-countdown';
import { RatingButtons } from './rating-button';
import { ReviewCard } from './review-card';
import { KeyboardIcon } from './review-icons';
import { ReviewLoading } from './review-status';
import { afterRating, dayRollover, localDayEnd, pickNext, type SessionCard } from './session-queue';
import { closeSessionCounts, countRating, publishSessionCounts, todayCounts, type TodayCounts } from './today-counts';
import { useCardFace } from './use-card-face';
import { useReviewKeys } from './use-review-keys';
import { useStreakToasts } from './use-streak-toasts';

/** The next card's recordings arrive while this one is reviewed (a card carrying its native recording needs none). */
function usePrefetchNextRecordings(nextEntry: string | undefined) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (nextEntry) void queryClient.prefetchQuery(recordingsQueryOptions(nextEntry));
  }, [nextEntry, queryClient]);
}

/** Above the card: how many are left today and how many wait for a step (todayCounts), and the keys that drive the review. */
function ReviewBar({ counts }: { counts: TodayCounts }) {
  const { t } = useTranslation();
  return (
    <div className="review__bar">
      <p className="review__remaining" aria-live="polite">
        <span>{t('flashcards.remaining', { count: counts.left })}</span>
        {counts.learning > 0 && (
          <>
            {' · '}
            <span className="review__learning">{t('reviewLoop.learning', { count: counts.learning })}</span>
          </>
        )}
      </p>
      <p className="review__shortcuts">
        <KeyboardIcon />
        {t('flashcards.shortcuts')}
      </p>
    </div>
  );
}

/**
 * Today's counts as the session shows them (todayCounts over its queue, the page's rest and
 * what was done), published for the header; `countRated` counts a rating toward done.
 */
function useSessionCounts(userId: string, queue: SessionCard[], notLoaded: number, today: DueListToday) {
  // Ratings of this session that count toward today's done (New introduced, Review reviewed).
  const [ratedHere, setRatedHere] = useState({ introduced: 0, reviewed: 0 });
  const learningBeyond = Math.min(today.learningBeyond, notLoaded);
  const counts = todayCounts({
    cards: queue,
    beyond: { left: notLoaded - learningBeyond, learning: learningBeyond },
    introduced: today.introduced + ratedHere.introduced,
    reviewed: today.reviewed + ratedHere.reviewed,
    limits: today.limits,
  });
  // The header shows what the session shows, at every step.
  const { done, left, learning } = counts;
  useEffect(() => publishSessionCounts(userId, { done, left, learning }), [userId, done, left, learning]);
  useEffect(() => () => closeSessionCounts(userId), [userId]);
  const countRated = (card: SessionCard) => {
    const counted = countRating(card);
    setRatedHere((before) => ({ introduced: before.introduced + counted.introduced, reviewed: before.reviewed + counted.reviewed }));
  };
  return { counts, countRated };
}

interface ReviewSessionProps {
  userId: string;
  cards: DueFlashcard[];
  total: number;
  /** What today's counts start from (done so far, the limits, steps beyond the page). */
  today: DueListToday;
  onPageDone: () => void;
  /** When the learner's day the cards were fetched for ends. */
  dayEnd: number;
  /** Set while a card is on screen (the day's change waits for its rating). */
  cardOnScreenRef: RefObject<boolean>;
  /** Told the cards the session holds for another step (a new list's session keeps them). */
  onHeld: (cards: SessionCard[]) => void;
  /** Asks for the new day's list (the session is replaced once it arrives). */
  onNewDay: () => Promise<void>;
}

/**
 * The review queue of this visit. A rated card due again before the learner's day ends
 * (a learning step: Again, or Hard/Good on a new card) comes back when it is due, others
 * are done for today (see session-queue.ts); either way the queue moves on the moment the
 * learner rates (the rating is queued on the device, then sent, in the background): the next card mounts afresh on
 * its front (never turning over, so its answer is never shown) and its 300 ms reset animation
 * does not hold the keys. With only waiting cards left, a countdown says when the next one is due.
 */
export function ReviewSession({ userId, cards, total, today, onPageDone, dayEnd, cardOnScreenRef, onHeld, onNewDay }: ReviewSessionProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const timeZone = user?.timeZone;
  const toast = useToast();
  const queryClient = useQueryClient();
  const streakToasts = useStreakToasts();
  // Ratings queue on the device and are sent in the background: their answers bring the
  // streak, and the header's streak and today's progress follow.
  const review = useReviewFlashcard(userId, {
    onSynced: (reply) => {
      streakToasts(reply.streak);
      void queryClient.invalidateQueries({ queryKey: flashcardKeys.today(userId) });
    },
    onRejected: () => toast.error(t('flashcards.reviewFailed')),
  });
  const [queue, setQueue] = useState<SessionCard[]>(cards);
  // The card on screen (it stays while a waiting one comes due); null while waiting or done.
  const [currentId, setCurrentId] = useState<string | null>(() => {
    const next = pickNext(cards, Date.now());
    return next.kind === 'card' ? next.id : null;
  });
  useEffect(() => {
    onHeld(queue.filter((item) => item.returning));
  }, [queue, onHeld]);
  // The clock of the countdown, ticking only while waiting.
  const [now, setNow] = useState(() => Date.now());
  const cardRef = useRef<HTMLElement>(null);
  const face = useCardFace(cardRef);
  // Ratings made in this visit: each card shown after one is a fresh card element (dealt, not turned).
  const [dealt, setDealt] = useState(0);
  // When the card on top was first shown (its review's duration).
  const cardShownAt = useRef(0);
  // The card's speaker, for the R key.
  const speaker = useRef<{ play: () => void }>(null);

  const card = queue.find((item) => item._id === currentId);
  const waiting = card ? null : pickNext(queue, now);
  // The new day's list is being asked for after the last card of the old day was rated.
  const [renewing, setRenewing] = useState(false);
  const hasCard = Boolean(card) && !renewing;
  useEffect(() => {
    cardOnScreenRef.current = hasCard;
    return () => {
      cardOnScreenRef.current = false;
    };
  }, [hasCard, cardOnScreenRef]);
  useEffect(() => {
    cardShownAt.current = Date.now();
  }, [currentId]);
  const nextCard = queue.find((item) => item._id !== currentId);
  usePrefetchNextRecordings(nextCard?.recording ? undefined : nextCard?.contentId);
  // Due today but beyond this page: the server sends the next page once this one is done.
  const notLoaded = Math.max(total - cards.length, 0);
  const { counts, countRated } = useSessionCounts(userId, queue, notLoaded, today);
  const pageDone = !card && waiting?.kind === 'done' && notLoaded > 0;
  /** Puts a card on screen; one back for another step has its previews asked again first. */
  const showCard = (id: string, list: SessionCard[]) => {
    setCurrentId(id);
    const shown = list.find((item) => item._id === id);
    if (shown?.returning) {
      // Its previews were for its old schedule: take the server's for now. If that fails, the old ones stay.
      void getDueFlashcards(userId, undefined, timeZone).then(
        (fresh) => {
          const latest = fresh.cards.find((f) => f._id === id);
          if (latest) setQueue((list) => list.map((item) => (item._id === id ? { ...item, preview: latest.preview, returning: item.returning } : item)));
        },
        () => undefined,
      );
    }
  };
  // While waiting: a tick a second for the countdown, and the card once it is due.
  const tick = useEffectEvent(() => {
    const at = Date.now();
    setNow(at);
    const next = pickNext(queue, at);
    if (next.kind === 'card') showCard(next.id, queue);
  });
  const isWaiting = waiting?.kind === 'wait';
  useEffect(() => {
    if (!isWaiting) return;
    const timer = setInterval(tick, 1000);
    return () => clearInterval(timer);
  }, [isWaiting]);

  // A card that came due while waiting takes the focus the countdown had (keys drive it at once).
  useEffect(() => {
    if (currentId && (document.activeElement === document.body || !document.activeElement?.isConnected)) cardRef.current?.focus();
  }, [currentId]);
  // After a rating the next card is a new element: the keys' focus moves onto it.
  useEffect(() => {
    if (dealt > 0) cardRef.current?.focus();
  }, [dealt]);
  const askForNextPage = useEffectEvent(onPageDone);
  useEffect(() => {
    if (pageDone) askForNextPage();
  }, [pageDone]);

  const rate = (rating: Rating) => {
    if (!card || !face.flipped) return;
    // The next card shows at once, from the card's own preview; the rating is queued on the
    // device meanwhile (and sent from there). Should the device refuse to queue it, the
    // learner is told it was not saved.
    review.mutate({ card, quality: rating, shownAt: cardShownAt.current }, { onError: () => toast.error(t('flashcards.reviewFailed')) });
    const at = Date.now();
    if (dayRollover(dayEnd, at, false) === 'refetch') {
      // The learner's day changed while this card was on screen: the rating counts, and the
      // new day's list (its cards and limits) takes over; should it not come, this one goes on.
      setRenewing(true);
      void onNewDay().finally(() => setRenewing(false));
    }
    countRated(card);
    const next = afterRating(queue, { ...card, ...ratedCard(card, rating, new Date(at).toISOString()), _id: card._id }, localDayEnd(at, timeZone));
    setQueue(next);
    setNow(at);
    setCurrentId(null);
    const coming = pickNext(next, at);
    if (coming.kind === 'card') showCard(coming.id, next);
    setDealt((count) => count + 1);
    face.reset();
  };
  useReviewKeys({ flipped: face.flipped, flip: face.flip, rate, speaker });

  if (pageDone || renewing) return <ReviewLoading />;
  if (!card && waiting?.kind === 'wait') return <NextCardCountdown until={waiting.until} now={now} left={counts.learning + counts.left} />;
  if (!card) return <AllDone finished />;

  return (
    <div className="review">
      <ReviewBar counts={counts} />
      <ReviewCard
        key={dealt}
        dealt={dealt > 0}
        ref={cardRef}
        speakerRef={speaker}
        card={card}
        flipped={face.flipped}
        hintShown={face.hintShown}
        lettersShown={face.lettersShown}
        onShowLetters={face.showLetters}
        typed={face.typed}
        onType={face.setTyped}
        onFlip={face.flip}
        onToggleHint={face.toggleHint}
      />
      {face.flipped && <RatingButtons card={card} shownAt={face.shownAt} onRate={rate} />}
    </div>
  );
}
