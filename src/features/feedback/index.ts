// The feedback feature's public surface for the app's routes.
export { FeedbackForm } from './components/feedback-form';
export { FeedbackList } from './components/feedback-list';
export type { Feedback } from './types';
