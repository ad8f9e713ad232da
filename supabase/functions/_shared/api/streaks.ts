import { Hono } from 'hono';
import { z } from 'zod';
import type { CurrentStreak, ReviewDays, StreakUpdate } from '../contract/streaks.ts';
import { ownUserParam, type ApiEnv } from './context.ts';
import { countParam, parseQuery } from './validate.ts';

// The streak rules (local days, freezes, idempotence) live in the SQL functions
// update_streak/current_streak/longest_streak/review_days; these routes only name them.

const reviewDaysQuery = z.object({
  days: countParam(366, 365),
});

/** Mounted beside the account routes under /api/user. */
export const streaks = new Hono<ApiEnv>()
  .put('/updateStreak/:userId', async (c) => {
    ownUserParam(c);
    const result = await c.get('run')(async (tx) => (await tx<{ result: StreakUpdate }[]>`select public.update_streak() as result`)[0].result);
    return c.json({ success: true, ...result });
  })
  .get('/getCurrentStreak/:userId', async (c) => {
    ownUserParam(c);
    const result = await c.get('run')(
      async (tx) => (await tx<{ result: CurrentStreak }[]>`select public.current_streak() as result`)[0].result,
    );
    return c.json({ success: true, ...result });
  })
  .get('/getLongestStreak/:userId', async (c) => {
    ownUserParam(c);
    const result = await c.get('run')(async (tx) => (await tx<{ result: { streak: number } }[]>`select public.longest_streak() as result`)[0].result);
    return c.json({ success: true, ...result });
  })
  .get('/getReviewDays/:userId', async (c) => {
    ownUserParam(c);
    const { days } = parseQuery(c, reviewDaysQuery);
    const result = await c.get('run')(
      async (tx) =>
        (await tx<{ result: ReviewDays }[]>`select public.review_days(${days}::integer) as result`)[0]
          .result,
    );
    return c.json({ success: true, ...result });
  });
