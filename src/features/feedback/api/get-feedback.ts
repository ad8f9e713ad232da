import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { FeedbackListReply } from '@/lib/api-types';
import type { Feedback } from '../types';
import { feedbackKeys } from './feedback-keys';

/** The server's cap: an admin sees the newest 500 messages. */
export const FEEDBACK_LIST_LIMIT = 500;

/** The newest feedback first (admins only; 401 for guests, 403 `admin_required` for others). */
export async function getFeedback(limit: number, signal?: AbortSignal): Promise<Feedback[]> {
  const reply = await api.get<FeedbackListReply>('/feedback/getFeedback', { query: { limit }, signal });
  return reply.data;
}

export function feedbackQueryOptions(limit = FEEDBACK_LIST_LIMIT) {
  return queryOptions({
    queryKey: feedbackKeys.list(limit),
    queryFn: ({ signal }) => getFeedback(limit, signal),
  });
}

export function useFeedback(options: { limit?: number; enabled?: boolean } = {}) {
  return useQuery({ ...feedbackQueryOptions(options.limit), enabled: options.enabled ?? true });
}
