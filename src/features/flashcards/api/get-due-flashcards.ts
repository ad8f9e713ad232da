import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewSync, type PendingReview, type SyncedReview } from '@/features/review-queue';
import { api } from '@/lib/api';
import { keepCardAudio } from './card-audio';
import { flashcardKeys } from './flashcard-keys';
import { localDayEnd, localDayStart } from '../components/session-queue';
import type { DueFlashcard, DueReply as ServerDueReply } from './types';

type NextDay = NonNullable<ServerDueReply['nextDay']>;

/**
 * A due list as the session reads it: the server's reply with `limit` and `ahead=1`, or the
 * copy the service worker kept of one, which an older server sent without `today` and `spare`.
 */
export type DueReply = Pick<ServerDueReply, 'data' | 'total'> &
  Partial<Pick<ServerDueReply, 'today' | 'learning'>> & { nextDay?: Omit<NextDay, 'spare'> & Partial<Pick<NextDay, 'spare'>> };

/** What the day's counts start from (todayCounts): done so far, the limits, and the steps beyond the page. */
export interface DueListToday {
  /** New cards introduced and Review cards reviewed in the learner's day: the server's count and this device's. */
  introduced: number;
  reviewed: number;
  limits?: { newCardsPerDay: number; maxReviewsPerDay: number };
  /** Cards in a learning step today that `total` counts and the page does not hold. */
  learningBeyond: number;
}

/** The first page of today's due cards (oldest due first), how many are due in all, and the day's counts. */
export interface DueList {
  cards: DueFlashcard[];
  total: number;
  today: DueListToday;
}

/** Cards per fetch of the session (the server's default; at most 200). */
const DUE_PAGE_SIZE = 100;

export async function getDueFlashcards(userId: string, signal?: AbortSignal, timeZone?: string): Promise<DueList> {
  // With `limit`: the page with `total` (without it the server answers palabrotas' bare list);
  // with `ahead`, the next local day's session too, which the service worker keeps.
  const reply = await api.get<DueReply>(`/flashcard/getDueFlashcards/${encodeURIComponent(userId)}`, {
    query: { limit: DUE_PAGE_SIZE, ahead: 1 },
    signal,
  });
  // The recordings its cards play (today's and the next day's) kept on the device beside the
  // list, in the background: a review offline still has them.
  void keepCardAudio([...reply.data, ...(reply.nextDay?.cards ?? []), ...(reply.nextDay?.spare ?? [])]).catch(() => undefined);
  // Rated here and not yet on the server, or after this list was made (offline, this list
  // from the service worker's cache): not asked again, and counted toward their day's limits.
  const ratings = await reviewSync()
    .recentOf(userId)
    .catch((): PendingReview[] => []);
  const { data, total, today } = offeredSession(reply, Date.now(), ratings, timeZone);
  return { cards: data, total, today };
}

/**
 * The session a due list answers at `now` (the device's clock): today's cards; once the
 * learner's next day has begun (a list kept by the service worker and read offline the next
 * day), that day's cards instead — the server chose them within a whole day's limits.
 */
export function sessionOf(reply: DueReply, now: number): { data: DueFlashcard[]; total: number; nextDay: boolean; spare: DueFlashcard[] } {
  const from = reply.nextDay ? Date.parse(reply.nextDay.from) : Number.NaN;
  if (!reply.nextDay || !(now >= from)) return { data: reply.data, total: reply.total, nextDay: false, spare: [] };
  return { data: reply.nextDay.cards, total: reply.nextDay.cards.length, nextDay: true, spare: reply.nextDay.spare ?? [] };
}

/** The ratings `pending` made in the learner's day [start, end) that the daily limits count: New cards introduced, Review cards reviewed (each card once). */
export function queuedToday(pending: readonly PendingReview[], start: number, end: number): { newCards: number; reviews: number } {
  const introduced = new Set<string>();
  const reviewed = new Set<string>();
  for (const review of pending) {
    const at = Date.parse(review.reviewedAt);
    if (!(at >= start && at < end)) continue;
    if (review.stateBefore === 'new') introduced.add(review.flashcardId);
    else if (review.stateBefore === 'review') reviewed.add(review.flashcardId);
  }
  return { newCards: introduced.size, reviews: reviewed.size };
}

/**
 * The ratings made on this device that a due list does not know: the ones still queued; the
 * confirmed ones (`syncedAt`) made after the next day's list was chosen (once that list is the
 * session), or of a card the list holds as it was before the rating (its `lastReview` older).
 */
export function unknownTo(reply: DueReply, data: readonly DueFlashcard[], nextDay: boolean, ratings: readonly (PendingReview | SyncedReview)[]): (PendingReview | SyncedReview)[] {
  const from = nextDay && reply.nextDay ? Date.parse(reply.nextDay.from) : Number.NaN;
  const listed = new Map(data.map((card) => [card._id, card]));
  return ratings.filter((review) => {
    if (!('syncedAt' in review) || !review.syncedAt) return true;
    const at = Date.parse(review.reviewedAt);
    if (at >= from) return true;
    const card = listed.get(review.flashcardId);
    return card !== undefined && !(Date.parse(card.lastReview ?? '') >= at);
  });
}

/**
 * What the session offers at `now` from a due list (maybe the service worker's copy, maybe
 * yesterday's, read offline), with the learner's ratings on this device that the list does
 * not know counted (unknownTo: queued ones, and confirmed ones newer than the list): the day's
 * list (sessionOf) without the cards so rated, within the daily limits of the learner's day
 * containing `now` (their time zone): at most `newCardsPerDay` New cards and
 * `maxReviewsPerDay` Review cards, less what the server counted of that day when it answered
 * (today's list; the next day's list was chosen before that day began, so nothing) and less
 * the unknown ratings made in that day. Ratings of an earlier day count toward that day only:
 * their cards leave the kept next day's list, and its `spare` cards take their places.
 * Cards in their learning steps are never held back. `total` counts the cards offered and,
 * unless a limit cut the page short, the server's count beyond the page.
 */
export function offeredSession(
  reply: DueReply,
  now: number,
  ratings: readonly (PendingReview | SyncedReview)[],
  timeZone: string | undefined,
): { data: DueFlashcard[]; total: number; today: DueListToday } {
  const { data, total, nextDay, spare } = sessionOf(reply, now);
  const unknown = unknownTo(reply, [...data, ...spare], nextDay, ratings);
  const rated = new Set(unknown.map((review) => review.flashcardId));
  const unrated = data.filter((card) => !rated.has(card._id));
  const limits = reply.today;
  const queued = queuedToday(unknown, localDayStart(now, timeZone), localDayEnd(now, timeZone));
  // The server's learning count is of today's whole session; the page holds some of them.
  const inSteps = data.filter((card) => card.state === 'learning' || card.state === 'relearning').length;
  const learningBeyond = nextDay ? 0 : Math.max(0, (reply.learning ?? inSteps) - inSteps);
  if (!limits) {
    const today = { introduced: queued.newCards, reviewed: queued.reviews, learningBeyond };
    return { data: unrated, total: Math.max(unrated.length, total - (data.length - unrated.length)), today };
  }
  // The kept next day's spare cards come after its own, in place of the ones rated since.
  const candidates = [...unrated, ...spare.filter((card) => !rated.has(card._id))];
  // The server's count is of the day it answered in: today's list's day, if that is still today.
  const counted = nextDay ? { newCards: 0, reviews: 0 } : { newCards: limits.newCards, reviews: limits.reviews };
  const today = {
    introduced: counted.newCards + queued.newCards,
    reviewed: counted.reviews + queued.reviews,
    limits: { newCardsPerDay: limits.newCardsPerDay, maxReviewsPerDay: limits.maxReviewsPerDay },
    learningBeyond,
  };
  let newLeft = Math.max(0, limits.newCardsPerDay - counted.newCards - queued.newCards);
  let reviewsLeft = Math.max(0, limits.maxReviewsPerDay - counted.reviews - queued.reviews);
  let cut = false;
  const offered = candidates.filter((card) => {
    if (card.state === 'new' && newLeft > 0) newLeft -= 1;
    else if (card.state === 'review' && reviewsLeft > 0) reviewsLeft -= 1;
    else if (card.state === 'new' || card.state === 'review') {
      cut = true;
      return false;
    }
    return true;
  });
  const beyondPage = Math.max(0, total - data.length);
  // A cut page counts nothing beyond it (the limits end the session within it).
  return { data: offered, total: offered.length + (cut || nextDay ? 0 : beyondPage), today: cut ? { ...today, learningBeyond: 0 } : today };
}

/** `timeZone`: the learner's (their day, as the daily limits count it). */
export function dueFlashcardsQueryOptions(userId: string, timeZone?: string) {
  return queryOptions({
    queryKey: flashcardKeys.due(userId),
    queryFn: ({ signal }) => getDueFlashcards(userId, signal, timeZone),
    // The session's queue is local state once fetched: a refetch mid-review would bring back
    // cards just rated (and the previews are computed at fetch time anyway).
    staleTime: Infinity,
    refetchOnMount: 'always',
    // Asked whether or not the browser says it is online: offline, the service worker answers
    // with the list it kept (the learner's new day, asked for with the page left open).
    networkMode: 'offlineFirst',
    // The learner's own: dropped when they sign out, never asked again as a guest.
    meta: { signedIn: true },
  });
}

export function useDueFlashcards(userId: string, timeZone?: string) {
  return useQuery(dueFlashcardsQueryOptions(userId, timeZone));
}
