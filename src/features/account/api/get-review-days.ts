import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ReviewDays, ReviewDaysReply } from '@/lib/api-types';
import { streakKeys } from './streak-keys';

export type { ReviewDays };

export async function getReviewDays(userId: string, signal?: AbortSignal): Promise<ReviewDays> {
  const reply = await api.get<Partial<ReviewDaysReply>>(`/user/getReviewDays/${encodeURIComponent(userId)}`, { signal });
  // The zone is only for the calendar's "today": the browser's will do if the reply has none.
  return { timeZone: reply.timeZone ?? Intl.DateTimeFormat().resolvedOptions().timeZone, days: Array.isArray(reply.days) ? reply.days : [] };
}

export function useReviewDays(userId: string) {
  return useQuery({ queryKey: streakKeys.reviewDays(userId), queryFn: ({ signal }) => getReviewDays(userId, signal) });
}
