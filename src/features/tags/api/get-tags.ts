import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tag, TagsReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { tagKeys } from './tag-keys';

export async function getTags(signal?: AbortSignal): Promise<Tag[]> {
  const reply = await api.get<TagsReply>('/tag/getTags', { signal });
  return reply.data;
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: tagKeys.list(), queryFn: ({ signal }) => getTags(signal), staleTime: 60_000 });
}

export function useTags() {
  return useQuery(tagsQueryOptions());
}
