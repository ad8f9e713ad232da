import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { DeleteEntryReply } from '@/lib/api-types';
import { entryKeys } from './entry-keys';

export async function deleteEntry(id: string): Promise<string> {
  const reply = await api.put<DeleteEntryReply>('/content/deleteContent', { id });
  return reply._id ?? id;
}

/**
 * Deletes an entry: every list refetches without it. Its detail is marked stale but not
 * refetched now (it would only answer 404 to the page that is leaving).
 */
export function useDeleteEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteEntry,
    onSuccess: (id) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: entryKeys.detail(id), refetchType: 'none' }),
        queryClient.invalidateQueries({ queryKey: entryKeys.lists() }),
      ]),
  });
}
