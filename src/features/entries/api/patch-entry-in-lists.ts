import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Entry, EntryListReply } from '@/lib/api-types';
import { entryKeys } from './entry-keys';

/** Merges `patch` into entry `id` wherever a cached list (the home grid, an Account page) holds it. */
export function patchEntryInLists(queryClient: QueryClient, id: string, patch: Partial<Entry>): void {
  queryClient.setQueriesData<InfiniteData<EntryListReply>>({ queryKey: entryKeys.lists() }, (lists) =>
    lists && {
      ...lists,
      pages: lists.pages.map((page) => ({
        ...page,
        data: page.data.map((entry) => (entry._id === id ? { ...entry, ...patch } : entry)),
      })),
    },
  );
}

/**
 * Takes entry `id` out of the cached home grids (moderators hid it); people's own lists
 * (Account) refetch instead, since their owner still sees it, marked why.
 */
export function removeEntryFromLists(queryClient: QueryClient, id: string): void {
  const isOwnerList = (queryKey: readonly unknown[]) => queryKey[2] === 'owner';
  void queryClient.invalidateQueries({ queryKey: entryKeys.lists(), predicate: (query) => isOwnerList(query.queryKey) });
  queryClient.setQueriesData<InfiniteData<EntryListReply>>({ queryKey: entryKeys.lists(), predicate: (query) => !isOwnerList(query.queryKey) }, (lists) =>
    lists && {
      ...lists,
      pages: lists.pages.map((page) => ({ ...page, data: page.data.filter((entry) => entry._id !== id) })),
    },
  );
}
