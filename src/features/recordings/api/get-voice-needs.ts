import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { VoiceNeedsReply } from '@/lib/api-types';
import { voiceKeys } from './voice-keys';

/** Entries a page of the queue holds: about five minutes of recording. */
export const QUEUE_PAGE_SIZE = 20;

/** A page of the country's entries still waiting for a voice from there (GET /api/recording/requests). */
export function getVoiceNeeds(country: string, options: { limit?: number; cursor?: string | null; signal?: AbortSignal } = {}): Promise<VoiceNeedsReply> {
  const query = new URLSearchParams({ country, limit: String(options.limit ?? QUEUE_PAGE_SIZE) });
  if (options.cursor) query.set('cursor', options.cursor);
  return api.get<VoiceNeedsReply>(`/recording/requests?${query}`, { signal: options.signal });
}

/**
 * The queue, read page by page as the speaker goes. Never read again by itself: entries the
 * speaker records leave the server's list, and reading it again mid-session would move the
 * entry under their eyes (the counts are read apart, voiceCountQueryOptions).
 */
export function voiceQueueQueryOptions(country: string) {
  return infiniteQueryOptions({
    queryKey: voiceKeys.queue(country),
    queryFn: ({ pageParam, signal }) => getVoiceNeeds(country, { cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

export function useVoiceQueue(country: string) {
  return useInfiniteQuery(voiceQueueQueryOptions(country));
}

/** The country's counts ("27 of 39 entries still need a voice"): one entry's read, read again after each save. */
export function voiceCountQueryOptions(country: string) {
  return queryOptions({
    queryKey: voiceKeys.count(country),
    queryFn: async ({ signal }) => {
      const { total, remaining } = await getVoiceNeeds(country, { limit: 1, signal });
      return { total, remaining };
    },
  });
}

export function useVoiceCount(country: string) {
  return useQuery(voiceCountQueryOptions(country));
}
