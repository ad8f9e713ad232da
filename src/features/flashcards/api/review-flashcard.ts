import { useMutation } from '@tanstack/react-query';
import { useEffect, useEffectEvent } from 'react';
import type { StreakUpdate } from '@/lib/api-types';
import { reviewSync, type ReviewReply } from '@/features/review-queue';
import { MAX_REVIEW_DURATION_MS } from '@contract/limits';
import { type DueFlashcard, type Flashcard, type Rating } from './types';

export interface Review {
  card: DueFlashcard;
  quality: Rating;
  /** When the card's front was shown (Date.now()): the review's duration runs from then. */
  shownAt: number;
}

const PREVIEW_KEY = { Again: 'again', Hard: 'hard', Good: 'good', Easy: 'easy' } as const;

/**
 * Queues a rating (IndexedDB, with a reviewId of its own, when it was made and how long the
 * card was shown) and answers at once with the card as the rating leaves it, due when the
 * card's preview said: the next card need not wait for the server, nor for a connection.
 * The queue sends it (see features/review-queue/review-sync.ts).
 */
export async function reviewFlashcard(userId: string, { card, quality, shownAt }: Review): Promise<Flashcard> {
  const now = Date.now();
  const reviewedAt = new Date(now).toISOString();
  await reviewSync().enqueue({
    reviewId: crypto.randomUUID(),
    userId,
    flashcardId: card._id,
    quality,
    reviewedAt,
    durationMs: Math.min(MAX_REVIEW_DURATION_MS, Math.max(0, Math.round(now - shownAt))),
    // What the rating counts toward today (the daily limits), while it waits to be sent.
    stateBefore: card.state,
  });
  return ratedCard(card, quality, reviewedAt);
}

/**
 * The card as a rating at `reviewedAt` leaves it, due when its preview said (no server, no
 * wait). Its state as far as the daily limits care: a New card is New no more (in its learning
 * steps, or in Review after Easy), a Review card rated Again relearns; a card in its steps
 * stays there until the server says otherwise.
 */
export function ratedCard(card: DueFlashcard, quality: Rating, reviewedAt: string): Flashcard {
  const { preview, retrievability: _retrievability, variants: _variants, ...rest } = card;
  const state =
    card.state === 'new' ? (quality === 'Easy' ? 'review' : 'learning') : card.state === 'review' && quality === 'Again' ? 'relearning' : card.state;
  return { ...rest, state, due: preview[PREVIEW_KEY[quality]].due, lastReview: reviewedAt, reps: card.reps + 1 };
}

/**
 * Rates a card (the review screen owns the queue of cards, so there is no cache to update).
 * `onSynced` hears the server's answer to each of the learner's ratings as it arrives,
 * `onRejected` of a rating the server refused for good.
 */
export function useReviewFlashcard(
  userId: string,
  handlers: { onSynced?: (reply: ReviewReply & { streak: StreakUpdate }) => void; onRejected?: (error: unknown) => void } = {},
) {
  // The learner's cached profile and account data follow each confirmed rating app-wide
  // (OfflineSupport: applySyncedReview); the screen hears of them here.
  const synced = useEffectEvent((reply: ReviewReply) => {
    if (reply.streak) handlers.onSynced?.({ ...reply, streak: reply.streak });
  });
  const rejected = useEffectEvent((error: unknown) => handlers.onRejected?.(error));
  useEffect(() => {
    const sync = reviewSync();
    sync.setUser(userId);
    const stopSynced = sync.onSynced((reply, review) => review.userId === userId && synced(reply));
    const stopRejected = sync.onRejected((error, review) => review.userId === userId && rejected(error));
    return () => {
      stopSynced();
      stopRejected();
    };
  }, [userId]);
  // Queuing needs no network: a rating made after the connection dropped is stored at once
  // (react-query would otherwise hold it in memory, paused, until the browser is online).
  return useMutation({ mutationFn: (review: Review) => reviewFlashcard(userId, review), networkMode: 'always' });
}
