import { z } from 'zod';
import { id, success, time } from './common.ts';

/** A feedback message as POST /api/feedback/addFeedback returns it to its sender. */
export const sentFeedback = z.strictObject({
  _id: id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  /** The sender's account; null for a guest. */
  userId: id.nullable(),
  createdAt: time,
});
export type SentFeedback = z.infer<typeof sentFeedback>;

/** A feedback message as admins read it (public.feedback_json). */
export const feedback = sentFeedback.extend({
  /** An admin marked it handled (and has not reopened it). */
  handled: z.boolean(),
  handledAt: time.nullable(),
  /** The admin who marked it; null while open, or once their account is gone (name null then). */
  handledBy: z.strictObject({ _id: id, name: z.string().nullable() }).nullable(),
});
export type Feedback = z.infer<typeof feedback>;

/** POST /api/feedback/addFeedback (201). */
export const addFeedbackReply = z.strictObject({ success, message: z.string(), data: sentFeedback });
export type AddFeedbackReply = z.infer<typeof addFeedbackReply>;

/** GET /api/feedback/getFeedback: the newest messages first (admins only). */
export const feedbackListReply = z.strictObject({ success, data: z.array(feedback) });
export type FeedbackListReply = z.infer<typeof feedbackListReply>;

/** POST /api/admin/markFeedbackHandled. */
export const feedbackReply = z.strictObject({ success, data: feedback });
export type FeedbackReply = z.infer<typeof feedbackReply>;
