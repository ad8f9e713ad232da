import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { DailyProgress, DueReply } from '@/lib/api-types';
import { todayCounts, type TodayCounts } from '../components/today-counts';
import { flashcardKeys } from './flashcard-keys';

export type { DailyProgress };

/**
 * Today's counts (todayCounts: done, left, learning) from the due list's smallest page (one
 * card): its `total`, of which `learning` are in a step, and `today`.
 */
export async function getToday(userId: string, signal?: AbortSignal): Promise<TodayCounts> {
  const reply = await api.get<Partial<Pick<DueReply, 'today' | 'learning'>> & Pick<DueReply, 'total'>>(`/flashcard/getDueFlashcards/${encodeURIComponent(userId)}`, {
    query: { limit: 1 },
    signal,
  });
  const learning = Math.min(reply.learning ?? 0, reply.total);
  return todayCounts({
    cards: [],
    beyond: { left: reply.total - learning, learning },
    introduced: reply.today?.newCards ?? 0,
    reviewed: reply.today?.reviews ?? 0,
  });
}

export function todayQueryOptions(userId: string) {
  return queryOptions({
    queryKey: flashcardKeys.today(userId),
    queryFn: ({ signal }) => getToday(userId, signal),
    // The header asks once a minute at most; a rating in the session asks again at once.
    staleTime: 60_000,
    // The account's own: dropped at sign-out, never asked again as a guest (a 401).
    meta: { signedIn: true },
  });
}

export function useToday(userId: string) {
  return useQuery(todayQueryOptions(userId));
}
