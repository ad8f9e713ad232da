import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { EntryTagsReply, Tag } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from '@/features/entries';
import { tagKeys } from './tag-keys';

export async function addTagToEntry({ entryId, tagId }: { entryId: string; tagId: string }): Promise<Tag[]> {
  const reply = await api.post<EntryTagsReply>('/tag/addTagToContent', { contentId: entryId, tagId });
  return reply.data;
}

/** Tags an entry; the reply is the entry's new tag list. Entries (which carry tags) are refetched. */
export function useAddTagToEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTagToEntry,
    onSuccess: (tags, { entryId }) => {
      queryClient.setQueryData(tagKeys.forEntry(entryId), tags);
      return queryClient.invalidateQueries({ queryKey: entryKeys.all });
    },
  });
}
