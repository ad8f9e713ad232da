import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { streakKeys } from './streak-keys';

/** The days with reviews in the learner's zone over the last year, oldest first. */
export interface ReviewDays {
  timeZone: string;
  days: { date: string; reviews: number }[];
}

export async function getReviewDays(userId: string, signal?: AbortSignal): Promise<ReviewDays> {
  const reply = await api.get<Partial<ReviewDays>>(`/user/getReviewDays/${encodeURIComponent(userId)}`, { signal });
  // The zone is only for the calendar's "today": the browser's will do if the reply has none.
  return { timeZone: reply.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, days: Array.isArray(reply.days) ? reply.days : [] };
}

export function useReviewDays(userId: string) {
  return useQuery({ queryKey: streakKeys.reviewDays(userId), queryFn: ({ signal }) => getReviewDays(userId, signal) });
}
