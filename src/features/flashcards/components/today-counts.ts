import { useSyncExternalStore } from 'react';
import type { DueFlashcard } from '../api/types';

/**
 * Where the learner's day stands, one definition for the review session ("N cards left") and
 * the header's progress (done/goal): a card that leaves today's queue (rated Good or Easy, or
 * any rating that sends it past today) lowers `left` by one at once; a card waiting for
 * another learning step today is `learning`, never `left`.
 */
export interface TodayCounts {
  /** New cards introduced and Review cards reviewed today, as the daily limits count them. */
  done: number;
  /** New and Review cards still to be shown today, within what is left of the daily limits. */
  left: number;
  /** Cards in a (re)learning step due again before the day ends. */
  learning: number;
}

/** A card of today's session as the counts read it. */
export type CountedCard = Pick<DueFlashcard, 'state'> & {
  /** Rated in this session and back for another step today. */
  returning?: boolean;
};

export interface TodaySource {
  /** The cards of today's session on hand: the session's queue, or none (the header). */
  cards: readonly CountedCard[];
  /** Today's session beyond `cards`, as the server counted it: cards to show, and cards in a step. */
  beyond: { left: number; learning: number };
  /** New cards introduced and Review cards reviewed today (the server's count and this device's). */
  introduced: number;
  reviewed: number;
  /** The learner's daily limits, when known: no more New or Review cards are left than they allow. */
  limits?: { newCardsPerDay: number; maxReviewsPerDay: number };
}

function inStep(card: CountedCard): boolean {
  return card.returning === true || card.state === 'learning' || card.state === 'relearning';
}

/** The one definition of today's counts (see TodayCounts). */
export function todayCounts({ cards, beyond, introduced, reviewed, limits }: TodaySource): TodayCounts {
  let learning = Math.max(0, beyond.learning);
  let newCards = 0;
  let reviews = 0;
  for (const card of cards) {
    if (inStep(card)) learning += 1;
    else if (card.state === 'new') newCards += 1;
    else reviews += 1;
  }
  if (limits) {
    newCards = Math.min(newCards, Math.max(0, limits.newCardsPerDay - introduced));
    reviews = Math.min(reviews, Math.max(0, limits.maxReviewsPerDay - reviewed));
  }
  return { done: introduced + reviewed, left: newCards + reviews + Math.max(0, beyond.left), learning };
}

/** What a rating of `card` (its state before) adds to today's done: a New card introduced, a Review card reviewed. */
export function countRating(card: CountedCard): { introduced: number; reviewed: number } {
  if (inStep(card)) return { introduced: 0, reviewed: 0 };
  return { introduced: card.state === 'new' ? 1 : 0, reviewed: card.state === 'review' ? 1 : 0 };
}

/** The counts a review session in this tab last showed, and when. */
export interface SessionCounts {
  userId: string;
  counts: TodayCounts;
  /** When they were shown (ms). */
  at: number;
  /** The session is still on screen. */
  open: boolean;
}

/**
 * The session's counts, for the header to show the same numbers at every step (the server's
 * copy changes only once a rating is sent): one per tab.
 */
let live: SessionCounts | null = null;
const listeners = new Set<() => void>();

function publish(next: SessionCounts | null): void {
  live = next;
  for (const listener of listeners) listener();
}

/** The session of `userId` shows `counts` now. */
export function publishSessionCounts(userId: string, counts: TodayCounts): void {
  const same = live?.open && live.userId === userId && (['done', 'left', 'learning'] as const).every((key) => counts[key] === live!.counts[key]);
  if (!same) publish({ userId, counts, at: Date.now(), open: true });
}

/** The session of `userId` left the screen: its last counts hold until the server's are newer. */
export function closeSessionCounts(userId: string): void {
  if (live?.userId === userId && live.open) publish({ ...live, open: false });
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** What a session of `userId` in this tab last showed, or null. */
export function useSessionCounts(userId: string): SessionCounts | null {
  const current = useSyncExternalStore(subscribe, () => live);
  return current?.userId === userId ? current : null;
}

/**
 * The counts to show beside a session: the open session's; else the newer of its last ones
 * and the server's (fetched at `fetchedAt`).
 */
export function shownCounts(session: SessionCounts | null, server: TodayCounts | undefined, fetchedAt: number): TodayCounts | undefined {
  if (session && (session.open || !server || session.at > fetchedAt)) return session.counts;
  return server;
}
