import type { QueryClient } from '@tanstack/react-query';
import { entryKeys, patchEntryInLists } from '@/features/entries';
import type { Entry, UsageEvent } from '@/lib/api-types';

/** A 'usage' event on entry:<id> (anyone's mark): the page's tallies and the badge follow. */
export function applyLiveUsage(queryClient: QueryClient, { contentId, usage, rudeIn }: UsageEvent): void {
  queryClient.setQueryData<Entry>(entryKeys.detail(contentId), (entry) => entry && { ...entry, usage, rudeIn });
  patchEntryInLists(queryClient, contentId, { rudeIn });
}
