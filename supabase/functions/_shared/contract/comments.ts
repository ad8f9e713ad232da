import { z } from 'zod';
import { id, moderation, success, time } from './common.ts';

/** A comment as public.comment_json shapes it (the spec's fields). */
export const comment = z.strictObject({
  _id: id,
  contentId: id,
  text: z.string(),
  /** The writer; _id null once their account was deleted (the name stays). */
  owner: z.strictObject({ _id: id.nullable(), name: z.string() }),
  createdAt: time,
  /** Set on a reply: the comment it answers (replies are one level deep). */
  parentId: id.optional(),
  /** Only for its writer and admins, and only when set. */
  moderation: moderation.optional(),
});
export type Comment = z.infer<typeof comment>;

/**
 * A comment in palabrotas' fields (github.com/dikuw/palabrotas): `content` (the entry's id)
 * and `updatedAt` beside the /api's. What addComment and getCommentsByContentId answer.
 */
export const palabrotasComment = comment.extend({
  /** = contentId. */
  content: id,
  /** = createdAt (comments are never edited). */
  updatedAt: time,
});
export type PalabrotasComment = z.infer<typeof palabrotasComment>;

/** POST /api/comment/addComment (201). */
export const addCommentReply = z.strictObject({ success, message: z.string(), data: palabrotasComment });
export type AddCommentReply = z.infer<typeof addCommentReply>;

/** GET /api/comment/getCommentsByContentId/:contentId: the comments as a bare array, newest first. */
export const commentsReply = z.array(palabrotasComment);
export type CommentsReply = z.infer<typeof commentsReply>;

/** DELETE /api/comment/deleteComment/:commentId: the comment as it was. */
export const deleteCommentReply = z.strictObject({ success, data: comment });
export type DeleteCommentReply = z.infer<typeof deleteCommentReply>;
