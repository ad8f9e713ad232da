import { useSyncExternalStore } from 'react';
import { apiRequest } from '@/lib/api';
import { indexedDbReviewStore, memoryReviewStore, type PendingReview } from './review-store';
import { ReviewSync, type ReviewReply, type ReviewSyncState } from './review-sync';

let instance: ReviewSync | undefined;
let stopWatching = () => {};

/**
 * Sends one queued rating with its id, time and duration (the server applies an id once), as
 * the learner who made it and nobody else (whoever has signed in on this device since).
 */
function sendReview(review: PendingReview, signal: AbortSignal): Promise<ReviewReply> {
  const { flashcardId, quality, reviewId, reviewedAt, durationMs } = review;
  return apiRequest<ReviewReply>(`/flashcard/updateFlashcardReview/${encodeURIComponent(flashcardId)}`, {
    method: 'PUT',
    body: { quality, reviewId, reviewedAt, durationMs },
    asUser: review.userId,
    signal,
  });
}

/** One sync per tab; across tabs, one at a time (Web Locks), so a rating is not sent twice at once. */
function exclusive(work: () => Promise<void>): Promise<void> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('jerga-review-sync', work).then(() => undefined) : work();
}

/** This tab's review queue, watching the connection and the page's focus from its first use. */
export function reviewSync(): ReviewSync {
  if (instance) return instance;
  const sync = new ReviewSync({ store: typeof indexedDB === 'undefined' ? memoryReviewStore() : indexedDbReviewStore(), send: sendReview, exclusive });
  const changed = () => sync.connectivityChanged();
  const focused = () => void sync.flush();
  const shown = () => document.visibilityState === 'visible' && void sync.flush();
  window.addEventListener('online', changed);
  window.addEventListener('offline', changed);
  window.addEventListener('focus', focused);
  document.addEventListener('visibilitychange', shown);
  stopWatching = () => {
    window.removeEventListener('online', changed);
    window.removeEventListener('offline', changed);
    window.removeEventListener('focus', focused);
    document.removeEventListener('visibilitychange', shown);
    sync.dispose();
  };
  instance = sync;
  return sync;
}

/** Forgets this tab's queue and its listeners (component tests start each test with a new one). */
export function resetReviewSync(): void {
  stopWatching();
  stopWatching = () => {};
  instance = undefined;
}

/** The signed-in learner's ratings waiting to be sent, and whether the server is out of reach. */
export function useReviewSyncState(): ReviewSyncState {
  const sync = reviewSync();
  return useSyncExternalStore(sync.subscribe, sync.getState);
}
