import { Hono } from 'hono';
import { cors } from 'hono/cors';
import { errorResponse } from '../errors.ts';
import { content } from './content.ts';
import { tags } from './tags.ts';
import { auth, user } from './accounts.ts';
import { withCaller, type ApiEnv } from './context.ts';

export { closeDb as close } from '../db.ts';

/**
 * The `api` edge function: the spec's /api table as one Hono app. It sees paths as
 * /api/<area>/<call> on hosted Supabase (the gateway strips /functions/v1) and locally.
 */
export function createApiApp(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath('/api');
  // On hosted Supabase the function answers preflights itself; the local gateway sets
  // the same headers (replacing, never duplicating).
  app.use('*', cors({ origin: (origin) => origin || '*', credentials: true, maxAge: 3600 }));
  app.use('*', withCaller);
  app.route('/content', content);
  app.route('/tag', tags);
  app.route('/auth', auth);
  app.route('/user', user);
  app.notFound((c) => c.json({ success: false, code: 'not_found', message: 'Not found.' }, 404));
  app.onError(errorResponse);
  return app;
}
