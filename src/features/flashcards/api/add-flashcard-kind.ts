import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FlashcardKind } from '@/lib/api-types';
import { addFlashcard, rememberAddedFlashcard } from './add-flashcard';

/** Adds one kind of card of an entry; the kinds, the list and today's queue follow. */
export function useAddFlashcardKind(entryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kind: FlashcardKind) => addFlashcard(entryId, kind),
    onSuccess: (card) => rememberAddedFlashcard(queryClient, card),
  });
}
