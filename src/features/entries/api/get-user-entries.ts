import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EntryListReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

/** One page of what one person added, newest first (their own hidden entries included). */
/** Entries per page (the server's most; without `limit` it answers palabrotas' whole list). */
const USER_ENTRIES_PAGE_SIZE = 100;

export function getUserEntries(userId: string, cursor: string | null, signal?: AbortSignal): Promise<EntryListReply> {
  return api.get<EntryListReply>(`/content/getContents/${encodeURIComponent(userId)}`, { query: { limit: USER_ENTRIES_PAGE_SIZE, cursor }, signal });
}

export function userEntriesQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: entryKeys.byOwner(userId),
    queryFn: ({ pageParam, signal }) => getUserEntries(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The Account page's list, a page of 100 at a time. */
export function useUserEntries(userId: string) {
  return useInfiniteQuery(userEntriesQueryOptions(userId));
}
