import { Hono } from 'hono';
import { z } from 'zod';
import { AVATARS_BUCKET } from '../contract/limits.ts';
import type { Avatar } from '../contract/palabrotas.ts';
import { publicUrl } from '../storage-service.ts';
import { requireOwnId, type ApiEnv } from './context.ts';
import { idParam, parseBody } from './validate.ts';

// palabrotas' avatars (GET /api/avatar/:userId) as images in the public `avatars` bucket. The
// app uploads a file with supabase-js into <its user id>/<file> (Storage and its policies
// decide: images, at most 1 MB, own folder only) and names it here. palabrotas' POST
// /api/avatar/generate (an image made by a model from a description) is not served.
// Shapes only: the rules live in the SQL functions add_avatar / avatars_of_user.

const addAvatarBody = z.object({
  userId: z.string().optional(),
  path: z.string({ error: 'avatar_path_invalid' }).max(200, 'avatar_path_invalid'),
  description: z.string().max(1000, 'avatar_description_too_long').optional(),
});

/** An avatar as public.avatar_json shapes it. */
type StoredAvatar = Omit<Avatar, 'imageUrl'>;

/** palabrotas' Avatar: `imageUrl` (the file's public address) beside the stored fields. */
const withUrl = (avatar: StoredAvatar): Avatar => ({ ...avatar, imageUrl: publicUrl(AVATARS_BUCKET, avatar.path) });

export const avatars = new Hono<ApiEnv>()
  .post('/addAvatar', async (c) => {
    const body = await parseBody(c, addAvatarBody);
    requireOwnId(c.get('caller'), body.userId, 'userId');
    const avatar = await c.get('run')(
      async (tx) => (await tx<{ avatar: StoredAvatar }[]>`select public.add_avatar(${body.path}, ${body.description ?? null}) as avatar`)[0].avatar,
    );
    return c.json(withUrl(avatar), 201);
  })
  // Anyone: the learner's avatars as a bare array, newest first (palabrotas' reply).
  .get('/:userId', async (c) => {
    const userId = idParam(c, 'userId', 'user_not_found');
    const list = await c.get('run')(async (tx) => (await tx<{ avatars: StoredAvatar[] }[]>`select public.avatars_of_user(${userId}) as avatars`)[0].avatars);
    return c.json(list.map(withUrl));
  });
