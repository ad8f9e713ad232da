import { Hono } from 'hono';
import { z } from 'zod';
import type { Comment } from '../contract/comments.ts';
import { COMMENT_MAX_LENGTH } from '../contract/limits.ts';
import { requireOwnId, type ApiEnv } from './context.ts';
import { palabrotasComment } from './palabrotas-shapes.ts';
import { idParam, parseBody, uuid } from './validate.ts';

// Shapes only: the rules (trimmed, 1 to 2000 characters, shown entries, who may delete)
// live in the SQL functions add_comment/comments_of_entry/delete_comment.
const addCommentBody = z.object({
  contentId: uuid,
  // The spec's clients send their own id; the writer is always the token's user.
  userId: uuid.optional(),
  text: z.string({ error: 'comment_required' }).trim().min(1, 'comment_required').max(COMMENT_MAX_LENGTH, 'comment_too_long'),
  // A reply to this comment (one level deep: a reply to a reply joins its thread).
  parentId: uuid.optional(),
});

export const comments = new Hono<ApiEnv>()
  .post('/addComment', async (c) => {
    const body = await parseBody(c, addCommentBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const data = await c.get('run')(
      async (tx) =>
        (await tx<{ comment: Comment }[]>`select public.add_comment(${body.contentId}, ${body.text}, ${body.parentId ?? null}::uuid) as comment`)[0].comment,
    );
    // palabrotas' {success, data}; data also carries its `content` and `updatedAt`.
    return c.json({ success: true, message: 'Comment added successfully', data: palabrotasComment(data) }, 201);
  })
  .get('/getCommentsByContentId/:contentId', async (c) => {
    const id = idParam(c, 'contentId', 'entry_not_found');
    const data = await c.get('run')(
      async (tx) => (await tx<{ comments: Comment[] }[]>`select public.comments_of_entry(${id}) as comments`)[0].comments,
    );
    // palabrotas' reply: the comments themselves as a bare array, newest first.
    return c.json(data.map(palabrotasComment));
  })
  .delete('/deleteComment/:commentId', async (c) => {
    const id = idParam(c, 'commentId', 'comment_not_found');
    const data = await c.get('run')(async (tx) => (await tx<{ comment: Comment }[]>`select public.delete_comment(${id}) as comment`)[0].comment);
    return c.json({ success: true, data });
  });
