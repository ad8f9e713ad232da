import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/moderation-keys';
import { api } from '@/lib/api';
import type { FeedbackReply } from '@/lib/api-types';
import type { Feedback } from '../types';
import { feedbackKeys } from './feedback-keys';

export interface FeedbackHandling {
  feedbackId: string;
  /** true: handled; false: open again. */
  handled: boolean;
}

/** Marks a message handled or reopens it (POST /api/admin/markFeedbackHandled, admins only; audited). */
export async function markFeedbackHandled(change: FeedbackHandling): Promise<Feedback> {
  const reply = await api.post<FeedbackReply>('/admin/markFeedbackHandled', change);
  return reply.data;
}

/** The list shows the change at once; then it and the audit log (a row per change) refetch. */
export function useMarkFeedbackHandled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markFeedbackHandled,
    onSuccess: (item) => {
      queryClient.setQueriesData<Feedback[]>({ queryKey: feedbackKeys.all }, (list) =>
        list?.map((each) => (each._id === item._id ? { ...each, ...item } : each)),
      );
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.audit() }),
      ]);
    },
  });
}
