import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Entry } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

/** The fields that changed, by the entry's id; `hint`/`exampleSentence`/`descriptionEs` null clears them. */
export interface EntryUpdate {
  _id: string;
  title?: string;
  description?: string;
  descriptionEs?: string | null;
  country?: string;
  hint?: string | null;
  exampleSentence?: string | null;
  author?: string;
  show?: boolean;
}

export function updateEntry(update: EntryUpdate): Promise<Entry> {
  return api.put<Entry>('/content/updateContent', update);
}

/** Saves an edit: the detail cache gets the reply, every list (home grids, Account) refetches. */
export function useUpdateEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData(entryKeys.detail(entry._id), entry);
      return queryClient.invalidateQueries({ queryKey: entryKeys.lists() });
    },
  });
}
