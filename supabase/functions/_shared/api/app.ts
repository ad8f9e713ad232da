import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { cors } from 'hono/cors';
import { ApiError, errorResponse } from '../errors.ts';
import { content } from './content.ts';
import { usage } from './usage.ts';
import { concepts } from './concepts.ts';
import { tags } from './tags.ts';
import { votes } from './votes.ts';
import { courseAudio, recordings } from './recordings.ts';
import { voiceRequests } from './voice-requests.ts';
import { comments } from './comments.ts';
import { contact, feedback, feedbackAdmin } from './feedback.ts';
import { decks } from './decks.ts';
import { flashcards } from './flashcards.ts';
import { ankiImport } from './anki-import.ts';
import { ANKI_IMPORT_PATH } from '../anki/import-body.ts';
import { ankiExport } from './anki-export.ts';
import { streaks } from './streaks.ts';
import { chats } from './chats.ts';
import { admin, reports } from './moderation.ts';
import { notifications } from './notifications.ts';
import { palabrotasAuth } from './palabrotas-accounts.ts';
import { profiles } from './profiles.ts';
import { auth, user } from './accounts.ts';
import { avatars } from './avatars.ts';
import { push } from './push.ts';
import { sitemap } from './sitemap.ts';
import { withCaller, type ApiEnv } from './context.ts';

export { closeDb as close } from '../db.ts';

/** No /api request needs more: the largest, an entry, is four 1000-character fields. */
const MAX_BODY_BYTES = 64 * 1024;

/**
 * The `api` edge function: the spec's /api table as one Hono app. It sees paths as
 * /api/<area>/<call> on hosted Supabase (the gateway strips /functions/v1) and locally.
 */
export function createApiApp(): Hono<ApiEnv> {
  const app = new Hono<ApiEnv>().basePath('/api');
  // On hosted Supabase the function answers preflights itself; the local gateway sets
  // the same headers (replacing, never duplicating). Any origin, never with credentials:
  // the session cookie (the palabrotas client) is only used from the app's own origin, which
  // proxies /api, so no other site needs the browser's cookies sent here.
  app.use('*', cors({ origin: '*', credentials: false, maxAge: 3600, exposeHeaders: ['X-Supabase-Api-Version', 'Retry-After'] }));
  const limitBody = bodyLimit({
    maxSize: MAX_BODY_BYTES,
    onError: (c) => {
      const response = errorResponse(new ApiError(413, 'payload_too_large', { details: { maxBytes: MAX_BODY_BYTES } }), c);
      // The rest of the body is never read, so this connection cannot carry another request:
      // say so, or a client reusing it loses its next request ("other side closed").
      response.headers.set('connection', 'close');
      return response;
    },
  });
  // An Anki package may be 50 MB: its one route counts its own body (anki-import.ts).
  app.use('*', (c, next) => (c.req.method === 'POST' && c.req.path === ANKI_IMPORT_PATH ? next() : limitBody(c, next)));
  app.use('*', withCaller);
  app.route('/content', content);
  app.route('/content', usage);
  app.route('/concept', concepts);
  app.route('/tag', tags);
  app.route('/auth', auth);
  app.route('/auth', palabrotasAuth);
  app.route('/user', user);
  app.route('/user', streaks);
  app.route('/user', profiles);
  app.route('/flashcard', flashcards);
  app.route('/flashcard', decks);
  app.route('/flashcard', ankiImport);
  app.route('/flashcard', ankiExport);
  app.route('/vote', votes);
  app.route('/recording', voiceRequests);
  app.route('/recording', recordings);
  app.route('/course', courseAudio);
  app.route('/comment', comments);
  app.route('/feedback', feedback);
  app.route('/contact', contact);
  app.route('/avatar', avatars);
  app.route('/chat', chats);
  app.route('/report', reports);
  app.route('/admin', admin);
  app.route('/admin', feedbackAdmin);
  app.route('/notification', notifications);
  app.route('/push', push);
  app.route('/sitemap', sitemap);
  app.notFound((c) => errorResponse(new ApiError(404, 'not_found'), c));
  app.onError(errorResponse);
  return app;
}
