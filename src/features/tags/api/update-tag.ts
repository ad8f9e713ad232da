import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries';
import type { Tag, TagReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { tagKeys } from './tag-keys';

/** Sets (or, null, clears) a tag's Spanish name: its creator or an admin. */
export async function updateTagNameEs(tagId: string, nameEs: string | null): Promise<Tag> {
  const reply = await api.put<TagReply>(`/tag/updateTag/${encodeURIComponent(tagId)}`, { nameEs });
  return reply.data;
}

/**
 * Saves a tag's Spanish name: the tag list gets the reply at once; entries' tags (on their
 * pages and in the grids) are refetched, since they show it too.
 */
export function useUpdateTagNameEs() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ tagId, nameEs }: { tagId: string; nameEs: string | null }) => updateTagNameEs(tagId, nameEs),
    onSuccess: (tag) => {
      queryClient.setQueryData<Tag[]>(tagKeys.list(), (tags) => tags?.map((each) => (each._id === tag._id ? tag : each)));
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: tagKeys.all }),
        queryClient.invalidateQueries({ queryKey: entryKeys.all }),
      ]);
    },
  });
}
