import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { CurrentStreak, CurrentStreakReply, LongestStreak } from '@/lib/api-types';
import { streakKeys } from './streak-keys';

export type { CurrentStreak };

/** The live streak (0 once a day was missed with no freeze to cover it) and the freezes held. */
export function getCurrentStreak(userId: string, signal?: AbortSignal): Promise<CurrentStreak> {
  return api.get<CurrentStreakReply>(`/user/getCurrentStreak/${encodeURIComponent(userId)}`, { signal });
}

export function getLongestStreak(userId: string, signal?: AbortSignal): Promise<{ streak: number }> {
  return api.get<LongestStreak>(`/user/getLongestStreak/${encodeURIComponent(userId)}`, { signal });
}

export function useCurrentStreak(userId: string) {
  return useQuery({ queryKey: streakKeys.current(userId), queryFn: ({ signal }) => getCurrentStreak(userId, signal) });
}

export function useLongestStreak(userId: string) {
  return useQuery({ queryKey: streakKeys.longest(userId), queryFn: ({ signal }) => getLongestStreak(userId, signal) });
}
