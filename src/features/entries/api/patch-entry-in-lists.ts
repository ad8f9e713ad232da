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
