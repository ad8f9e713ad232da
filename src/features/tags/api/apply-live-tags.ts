import type { QueryClient } from '@tanstack/react-query';
import type { Tag } from '@/lib/api-types';
import { tagKeys } from './tag-keys';

/**
 * An entry's tag list as another browser changed it (the `tags` broadcast). The broadcast is
 * the same for everyone, so it cannot say who may remove what: tags already known keep their
 * canRemove, new ones show no × until the refetch (the caller's own reply) says otherwise.
 */
export function applyLiveTags(queryClient: QueryClient, entryId: string, tags: Tag[]): void {
  const queryKey = tagKeys.forEntry(entryId);
  const known = new Map((queryClient.getQueryData<Tag[]>(queryKey) ?? []).map((tag) => [tag._id, tag.canRemove]));
  queryClient.setQueryData<Tag[]>(
    queryKey,
    tags.map((tag) => ({ ...tag, canRemove: known.get(tag._id) ?? false })),
  );
  if (tags.some((tag) => !known.has(tag._id))) void queryClient.invalidateQueries({ queryKey });
}
