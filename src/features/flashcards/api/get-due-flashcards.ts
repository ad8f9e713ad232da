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
  // With `limit`: the page with `total` (without it the server answers the seed's bare list).
  const reply = await api.get<{ data: DueFlashcard[]; total: number }>(`/flashcard/getDueFlashcards/${encodeURIComponent(userId)}`, {
    query: { limit: DUE_PAGE_SIZE },
    signal,
  });
  // Rated here but not yet on the server (offline, this list from the service worker's
  // cache, or still being sent): not asked again.
  const waiting = await reviewSync()
    .pendingCardIds(userId)
    .catch(() => new Set<string>());
  const cards = reply.data.filter((card) => !waiting.has(card._id));
  return { cards, total: Math.max(cards.length, reply.total - (reply.data.length - cards.length)) };
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
