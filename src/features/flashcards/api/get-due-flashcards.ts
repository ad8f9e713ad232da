import { queryOptions, useQuery } from '@tanstack/react-query';
import { reviewSync } from '@/features/offline/reviews';
import { api } from '@/lib/api';
import { flashcardKeys } from './flashcard-keys';
import type { DueFlashcard } from './types';

/** The first page of today's due cards (oldest due first) and how many are due in all. */
export interface DueList {
  cards: DueFlashcard[];
  total: number;
}

/** Cards per fetch of the session (the server's default; at most 200). */
const DUE_PAGE_SIZE = 100;

export async function getDueFlashcards(userId: string, signal?: AbortSignal): Promise<DueList> {
  // With `limit`: the page with `total` (without it the server answers the seed's bare list);
  // with `ahead`, the next local day's session too, which the service worker keeps.
  const reply = await api.get<DueReply>(`/flashcard/getDueFlashcards/${encodeURIComponent(userId)}`, {
    query: { limit: DUE_PAGE_SIZE, ahead: 1 },
    signal,
  });
  const { data, total } = sessionOf(reply, Date.now());
  // Rated here but not yet on the server (offline, this list from the service worker's
  // cache, or still being sent): not asked again.
  const waiting = await reviewSync()
    .pendingCardIds(userId)
    .catch(() => new Set<string>());
  const cards = data.filter((card) => !waiting.has(card._id));
  return { cards, total: Math.max(cards.length, total - (data.length - cards.length)) };
}

/** getDueFlashcards with `limit` and `ahead=1`. */
export interface DueReply {
  data: DueFlashcard[];
  total: number;
  /** When the learner's next local day starts, and its session's cards (within its limits). */
  nextDay?: { from: string; cards: DueFlashcard[] };
}

/**
 * The session a due list answers at `now` (the device's clock): today's cards; once the
 * learner's next day has begun (a list kept by the service worker and read offline the next
 * day), that day's cards instead — the server chose them within a whole day's limits.
 */
export function sessionOf(reply: DueReply, now: number): { data: DueFlashcard[]; total: number } {
  const from = reply.nextDay ? Date.parse(reply.nextDay.from) : Number.NaN;
  if (!reply.nextDay || !(now >= from)) return { data: reply.data, total: reply.total };
  return { data: reply.nextDay.cards, total: reply.nextDay.cards.length };
}

export function dueFlashcardsQueryOptions(userId: string) {
  return queryOptions({
    queryKey: flashcardKeys.due(userId),
    queryFn: ({ signal }) => getDueFlashcards(userId, signal),
    // The session's queue is local state once fetched: a refetch mid-review would bring back
    // cards just rated (and the previews are computed at fetch time anyway).
    staleTime: Infinity,
    refetchOnMount: 'always',
  });
}

export function useDueFlashcards(userId: string) {
  return useQuery(dueFlashcardsQueryOptions(userId));
}
