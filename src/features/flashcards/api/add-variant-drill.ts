import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { VariantDrill } from '@/lib/api-types';
import { rememberAddedFlashcard } from './add-flashcard';

export type { VariantDrill };

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
