import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Feedback, FeedbackInput } from '../types';
import { feedbackKeys } from './feedback-keys';

export async function addFeedback(input: FeedbackInput): Promise<Feedback> {
  const reply = await api.post<{ success: boolean; message: string; data: Feedback }>('/feedback/addFeedback', input);
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
