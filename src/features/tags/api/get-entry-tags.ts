import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryTagsReply, Tag } from '@/lib/api-types';
import { api } from '@/lib/api';
import { tagKeys } from './tag-keys';

export async function getEntryTags(entryId: string, signal?: AbortSignal): Promise<Tag[]> {
  const reply = await api.get<EntryTagsReply>(`/tag/getTagsForContent/${encodeURIComponent(entryId)}`, { signal });
  return reply.data;
}

export function entryTagsQueryOptions(entryId: string) {
  return queryOptions({ queryKey: tagKeys.forEntry(entryId), queryFn: ({ signal }) => getEntryTags(entryId, signal) });
}

/** An entry's tags; `initialData` (e.g. the entry's own tags) avoids a flash of nothing. */
export function useEntryTags(entryId: string, initialData?: Tag[]) {
  return useQuery({ ...entryTagsQueryOptions(entryId), initialData });
}
