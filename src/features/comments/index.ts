// The comments feature's public surface for other features and the app.
export { commentKeys } from './api/comment-keys';
export type { Comment } from './api/get-comments';
export { CommentsSection } from './components/comments-section';
