import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys, patchEntryInLists } from '@/features/entries';
import { api } from '@/lib/api';
import type { Entry, UsageKind, UsageReply } from '@/lib/api-types';

/** The learner's mark on how an entry lands in a country; null takes it back. */
export interface UsageChange {
  contentId: string;
  country: string;
  usage: UsageKind | null;
}

export function setUsage(change: UsageChange): Promise<UsageReply> {
  return api.put<UsageReply>('/content/setUsage', change);
}

/** Marks (or takes back) how an entry lands; the page and any list holding it take the new tallies. */
export function useSetUsage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setUsage,
    onSuccess: ({ contentId, usage, rudeIn, myUsage }) => {
      queryClient.setQueryData<Entry>(entryKeys.detail(contentId), (entry) => entry && { ...entry, usage, rudeIn, myUsage });
      patchEntryInLists(queryClient, contentId, { rudeIn });
    },
  });
}
