import type { Feedback, SentFeedback } from '@/lib/api-types';

/**
 * A message sent with the feedback form, as admins read it from /api/feedback (with
 * handled, handledAt and handledBy); SentFeedback is what its sender gets back.
 */
export type { Feedback, SentFeedback };

export interface FeedbackInput {
  name: string;
  email: string;
  message: string;
}
