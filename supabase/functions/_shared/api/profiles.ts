import { Hono } from 'hono';
import { z } from 'zod';
import type { ProfileReply, PublicProfile } from '../contract/accounts.ts';
import type { Entry } from '../contract/entries.ts';
import type { ApiEnv } from './context.ts';
import { countParam, cursorParam, encodeCursor, idParam, pageOf, parseQuery, timeIdCursor } from './validate.ts';

// Shapes only: what of a learner anyone may see, and which of their entries, live in SQL
// (private.public_profile, public.user_profile).

/** A profile's page of entries: 20 unless asked, at most 100. */
const profileQuery = z.object({ limit: countParam(100, 20), cursor: cursorParam(timeIdCursor) });

export const profiles = new Hono<ApiEnv>().get('/getProfile/:userId', async (c) => {
  // Anything but a uuid names no account: 404, like an unknown one.
  const userId = idParam(c, 'userId', 'user_not_found');
  const query = parseQuery(c, profileQuery);
  const profile = await c.get('run')(async (tx) => {
    const [row] = await tx<{ profile: { user: PublicProfile; data: Entry[] } }[]>`
      select public.user_profile(
        user_id => ${userId}::uuid,
        page_size => ${query.limit + 1}::integer,
        after_created_at => ${query.cursor?.[0] ?? null}::timestamptz,
        after_id => ${query.cursor?.[1] ?? null}::uuid
      ) as profile`;
    return row.profile;
  });
  const { items, nextCursor } = pageOf(profile.data, query.limit, (last) => encodeCursor([last.createdAt, last._id]));
  const reply: ProfileReply = { user: profile.user, data: items, nextCursor };
  return c.json(reply);
});
