/** One message sent with the feedback form, as /api/feedback returns it. */
export interface Feedback {
  _id: string;
  name: string;
  email: string;
  message: string;
  /** The sender's account; null for a guest. */
  userId: string | null;
  createdAt: string;
}

export interface FeedbackInput {
  name: string;
  email: string;
  message: string;
}
