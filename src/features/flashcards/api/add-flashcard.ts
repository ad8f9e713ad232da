import type { QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AddFlashcardReply, FlashcardKind } from '@/lib/api-types';
import { flashcardKeys } from './flashcard-keys';
import type { Flashcard } from './types';

/** Adds a card of the entry; without a kind the server makes today's basic card. */
export async function addFlashcard(entryId: string, kind?: FlashcardKind): Promise<Flashcard> {
  const reply = await api.post<AddFlashcardReply>('/flashcard/addFlashcard', kind ? { contentId: entryId, kind } : { contentId: entryId });
  return reply.data;
}

/** The new card joins the cached list and kinds (if any) and today's queue is asked again next time. */
export function rememberAddedFlashcard(queryClient: QueryClient, card: Flashcard): void {
  queryClient.setQueryData<Flashcard[]>(flashcardKeys.list(card.userId), (list) =>
    list && !list.some((item) => item._id === card._id) ? [card, ...list] : list,
  );
  queryClient.setQueryData<FlashcardKind[]>(flashcardKeys.kinds(card.userId, card.contentId), (kinds) =>
    kinds && !kinds.includes(card.kind) ? [...kinds, card.kind] : kinds,
  );
  void queryClient.invalidateQueries({ queryKey: flashcardKeys.due(card.userId) });
}

/** Whether the cached list already has a card for the entry (nothing is fetched to know). */
export function isCachedFlashcard(queryClient: QueryClient, userId: string, entryId: string): boolean {
  return Boolean(queryClient.getQueryData<Flashcard[]>(flashcardKeys.list(userId))?.some((card) => card.contentId === entryId));
}
