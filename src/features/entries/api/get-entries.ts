import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { EntryListReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys, type EntryFilters } from './entry-keys';

export const ENTRY_PAGE_SIZE = 24;

/** One page of entries, vote-sorted or newest first (`sort: 'new'`), filtered on the server. */
export function getEntries(filters: EntryFilters, cursor: string | null, signal?: AbortSignal): Promise<EntryListReply> {
  const query = {
    q: filters.q.trim() || undefined,
    countries: filters.countries,
    tags: filters.tags,
    limit: ENTRY_PAGE_SIZE,
    cursor,
  };
  if (filters.sort === 'new') return api.get<EntryListReply>('/content/getContents', { query: { ...query, sort: 'new' }, signal });
  return api.get<EntryListReply>('/content/getContentsSortedByVoteDesc', { query, signal });
}

export function entriesQueryOptions(filters: EntryFilters) {
  return infiniteQueryOptions({
    queryKey: entryKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getEntries(filters, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The home grid's entries; keeps showing the previous results while a new search loads. */
export function useEntries(filters: EntryFilters) {
  return useInfiniteQuery({ ...entriesQueryOptions(filters), placeholderData: keepPreviousData });
}
