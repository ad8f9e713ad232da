import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { EntryListReply } from '@/lib/api-types';
import { variantKeys } from './variant-keys';

/** How many matches the picker offers at once. */
export const PICKER_RESULTS = 8;

/** Entries matching `q`, best-voted first: the home grid's own search. */
export async function searchEntries(q: string, signal?: AbortSignal): Promise<EntryListReply['data']> {
  const reply = await api.get<EntryListReply>('/content/getContentsSortedByVoteDesc', { query: { q, limit: PICKER_RESULTS }, signal });
  return reply.data;
}

export function entrySearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: variantKeys.search(q),
    queryFn: ({ signal }) => searchEntries(q, signal),
    enabled: q.length > 0,
    staleTime: 30_000,
  });
}

/** The picker's matches; keeps the last ones showing while the next search loads. */
export function useEntrySearch(q: string) {
  return useQuery({ ...entrySearchQueryOptions(q), placeholderData: keepPreviousData });
}
