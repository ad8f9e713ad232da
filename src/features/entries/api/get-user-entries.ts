import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Entry, EntryListReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

/** Everything one person added, newest first (their own hidden entries included). */
export async function getUserEntries(userId: string, signal?: AbortSignal): Promise<Entry[]> {
  const reply = await api.get<EntryListReply>(`/content/getContents/${encodeURIComponent(userId)}`, { signal });
  return reply.data;
}

export function userEntriesQueryOptions(userId: string) {
  return queryOptions({
    queryKey: entryKeys.byOwner(userId),
    queryFn: ({ signal }) => getUserEntries(userId, signal),
  });
}

export function useUserEntries(userId: string) {
  return useQuery(userEntriesQueryOptions(userId));
}
