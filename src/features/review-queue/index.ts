// The review queue's public surface for other features: the queue every rating goes through
// (kept on the device, sent from there) and its shapes. Its indicator, the log-out that
// empties it and the support that starts it beside every page are placed by the app.
export { reviewSync } from './reviews';
export type { PendingReview, SyncedReview } from './review-store';
export type { ReviewReply } from './review-sync';
export { CARD_AUDIO_CACHE } from './device-data';
