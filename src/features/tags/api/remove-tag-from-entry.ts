import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntryTagsReply, Tag } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from '@/features/entries';
import { tagKeys } from './tag-keys';

export async function removeTagFromEntry({ entryId, tagId }: { entryId: string; tagId: string }): Promise<Tag[]> {
  const reply = await api.delete<EntryTagsReply>(
    `/tag/removeTagFromContent/${encodeURIComponent(entryId)}/${encodeURIComponent(tagId)}`,
  );
  return reply.data;
}

export function useRemoveTagFromEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: removeTagFromEntry,
    onSuccess: (tags, { entryId }) => {
      queryClient.setQueryData(tagKeys.forEntry(entryId), tags);
      return queryClient.invalidateQueries({ queryKey: entryKeys.all });
    },
  });
}
