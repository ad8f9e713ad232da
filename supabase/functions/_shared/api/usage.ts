import { Hono } from 'hono';
import { z } from 'zod';
import type { UsageReply } from '../contract/usage.ts';
import type { ApiEnv } from './context.ts';
import { parseBody, uuid } from './validate.ts';

// Shapes only: the rules (signed in, one of the 21 countries, an entry the caller can see,
// one mark per learner) live in the SQL function set_usage.
const setUsageBody = z.object({
  contentId: uuid,
  country: z
    .string({ error: 'unknown_country' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, 'unknown_country'),
  // null takes the caller's mark back; leaving it out is a mistake, not a take-back.
  usage: z.enum(['used', 'understood', 'unknown', 'offensive'], { error: 'usage_invalid' }).nullable(),
});

/** PUT /api/content/setUsage: the caller's mark on how an entry lands in a country. */
export const usage = new Hono<ApiEnv>().put('/setUsage', async (c) => {
  const body = await parseBody(c, setUsageBody);
  const reply = await c.get('run')(
    async (tx) =>
      (await tx<{ reply: Omit<UsageReply, 'success'> }[]>`
        select public.set_usage(${body.contentId}::uuid, ${body.country}, ${body.usage}::text) as reply`)[0].reply,
  );
  return c.json({ success: true, ...reply } satisfies UsageReply);
});
