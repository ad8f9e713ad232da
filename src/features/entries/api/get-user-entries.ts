import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { EntryListReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

/** One page of what one person added, newest first (their own hidden entries included). */
export function getUserEntries(userId: string, cursor: string | null, signal?: AbortSignal): Promise<EntryListReply> {
  return api.get<EntryListReply>(`/content/getContents/${encodeURIComponent(userId)}`, { query: { cursor }, signal });
}

export function userEntriesQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: entryKeys.byOwner(userId),
    queryFn: ({ pageParam, signal }) => getUserEntries(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The Account page's list, a page (the server's 100) at a time. */
export function useUserEntries(userId: string) {
  return useInfiniteQuery(userEntriesQueryOptions(userId));
}
