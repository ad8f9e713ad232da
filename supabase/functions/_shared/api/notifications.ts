import { Hono } from 'hono';
import { z } from 'zod';
import type { AppNotification } from '../contract/notifications.ts';
import type { ApiEnv } from './context.ts';
import { countParam, cursorParam, encodeCursor, pageOf, parseBody, parseQuery, timeIdCursor, uuid } from './validate.ts';

// Shapes only: whose notifications these are, the grouping of votes and the settings that
// decide what is stored live in SQL (private.notify, notifications_page, mark_notifications_read).

const pageQuery = z.object({ limit: countParam(100, 20), cursor: cursorParam(timeIdCursor) });

const markReadBody = z
  .object({ ids: z.array(uuid).max(500, 'invalid_input').optional(), all: z.boolean().optional() })
  .refine((body) => body.all === true || body.ids !== undefined, { message: 'invalid_input', path: ['ids'] });

export const notifications = new Hono<ApiEnv>()
  .get('/getNotifications', async (c) => {
    const query = parseQuery(c, pageQuery);
    const page = await c.get('run')(
      async (tx) =>
        (
          await tx<{ page: { data: AppNotification[]; unread: number } }[]>`
            select public.notifications_page(${query.cursor?.[0] ?? null}::timestamptz, ${query.cursor?.[1] ?? null}::uuid, ${query.limit + 1}::integer) as page`
        )[0].page,
    );
    const { items, nextCursor } = pageOf(page.data, query.limit, (last) => encodeCursor([last.createdAt, last._id]));
    return c.json({ data: items, unread: page.unread, nextCursor });
  })
  .post('/markRead', async (c) => {
    const body = await parseBody(c, markReadBody);
    const unread = await c.get('run')(
      async (tx) =>
        (await tx<{ unread: number }[]>`select public.mark_notifications_read(${body.ids ?? null}::uuid[], ${body.all ?? false}) as unread`)[0].unread,
    );
    return c.json({ success: true, unread });
  });
