import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag } from '@/lib/api-types';
import { api } from '@/lib/api';
import { tagKeys } from './tag-keys';

export async function addTag(name: string): Promise<Tag> {
  const reply = await api.post<{ success: boolean; data: Tag }>('/tag/addTag', { name });
  return reply.data;
}

/** Creates a tag (login required); refreshes the tag list. */
export function useAddTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addTag,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.list() }),
  });
}
