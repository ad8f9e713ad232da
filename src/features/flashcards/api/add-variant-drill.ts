import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { rememberAddedFlashcard } from './add-flashcard';
import type { Flashcard } from './types';

/** POST /api/flashcard/addVariantDrill: how many variant cards were added, and which. */
export interface VariantDrill {
  added: number;
  data: Flashcard[];
}

export function addVariantDrill(entryId: string): Promise<VariantDrill> {
  return api.post<VariantDrill>('/flashcard/addVariantDrill', { contentId: entryId });
}

/** Adds a variant card of every form of the entry's group the learner lacks; the lists and kinds follow. */
export function useAddVariantDrill(entryId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => addVariantDrill(entryId),
    onSuccess: (drill) => {
      for (const card of drill.data) rememberAddedFlashcard(queryClient, card);
    },
  });
}
