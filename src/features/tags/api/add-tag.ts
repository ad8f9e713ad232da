import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tag, TagReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { tagKeys } from './tag-keys';

/** Creates a tag; `nameEs`, its optional Spanish name, is sent only when given. */
export async function addTag(name: string, nameEs?: string): Promise<Tag> {
  const reply = await api.post<TagReply>('/tag/addTag', nameEs ? { name, nameEs } : { name });
  return reply.data;
}

/** Creates a tag (login required); refreshes the tag list. */
export function useAddTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ name, nameEs }: { name: string; nameEs?: string }) => addTag(name, nameEs),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tagKeys.list() }),
  });
}
