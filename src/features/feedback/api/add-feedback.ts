import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AddFeedbackReply } from '@/lib/api-types';
import type { FeedbackInput, SentFeedback } from '../types';
import { feedbackKeys } from './feedback-keys';

export async function addFeedback(input: FeedbackInput): Promise<SentFeedback> {
  const reply = await api.post<AddFeedbackReply>('/feedback/addFeedback', input);
  return reply.data;
}

/** Sends feedback (anyone may, guests too); an admin's open list shows it next time. */
export function useAddFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addFeedback,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all }),
  });
}
