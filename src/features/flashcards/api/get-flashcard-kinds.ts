import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { FlashcardKind, FlashcardKindsReply } from '@/lib/api-types';
import { flashcardKeys } from './flashcard-keys';

/** The kinds of card the signed-in learner has of an entry (basic, reverse, cloze, variant). */
export async function getFlashcardKinds(entryId: string, signal?: AbortSignal): Promise<FlashcardKind[]> {
  const reply = await api.get<FlashcardKindsReply>(`/flashcard/getFlashcardKinds/${encodeURIComponent(entryId)}`, { signal });
  return reply.data;
}

export function flashcardKindsQueryOptions(userId: string, entryId: string) {
  return queryOptions({
    queryKey: flashcardKeys.kinds(userId, entryId),
    queryFn: ({ signal }) => getFlashcardKinds(entryId, signal),
  });
}

/**
 * Asked only for a signed-in learner, and only when `ask` (an entry the learner has no card of
 * needs no question); the cache is watched either way, so a card added here shows.
 */
export function useFlashcardKinds(userId: string | null, entryId: string, ask = true) {
  return useQuery({ ...flashcardKindsQueryOptions(userId ?? '', entryId), enabled: Boolean(userId) && ask });
}
