import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { DailyProgress, DueReply } from '@/lib/api-types';
import { flashcardKeys } from './flashcard-keys';

export type { DailyProgress };

/** Where today's session stands: cards done (New introduced + Review reviewed) and cards left in it. */
export interface TodayProgress {
  done: number;
  left: number;
}

/** Today's progress from the due list's smallest page (one card): its `total` and `today`. */
export async function getToday(userId: string, signal?: AbortSignal): Promise<TodayProgress> {
  const reply = await api.get<Partial<Pick<DueReply, 'today'>> & Pick<DueReply, 'total'>>(`/flashcard/getDueFlashcards/${encodeURIComponent(userId)}`, { query: { limit: 1 }, signal });
  return { done: (reply.today?.newCards ?? 0) + (reply.today?.reviews ?? 0), left: reply.total };
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
