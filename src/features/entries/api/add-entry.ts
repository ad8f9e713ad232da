import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddEntryReply, Entry } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

export interface NewEntry {
  title: string;
  description: string;
  /** The meaning in Spanish, optional. */
  descriptionEs?: string;
  country: string;
  hint?: string;
  exampleSentence?: string;
  author: string;
}

export async function addEntry(entry: NewEntry): Promise<Entry> {
  const reply = await api.post<AddEntryReply>('/content/addContent', entry);
  return reply.data;
}

/** Adds an entry; the new entry is cached for its detail page and every list is refetched. */
export function useAddEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addEntry,
    onSuccess: (entry) => {
      queryClient.setQueryData(entryKeys.detail(entry._id), entry);
      return queryClient.invalidateQueries({ queryKey: entryKeys.lists() });
    },
  });
}
