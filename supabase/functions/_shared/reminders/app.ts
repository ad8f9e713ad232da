import { Hono } from 'hono';
import { z } from 'zod';
import { bearerToken, isServiceKey } from '../auth.ts';
import { ApiError, errorResponse } from '../errors.ts';
import { runReminderTick, type ReminderChannels } from './tick.ts';
import { mountUnsubscribe } from './unsubscribe.ts';

export { closeServiceDb as close } from '../service-db.ts';

/** An ISO 8601 instant with its offset: `2026-12-08T19:00:00Z`, `2026-12-08T13:00:00-06:00`. */
const isoInstant = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/i;

/** Whether `at` is such an instant on a day its month has (Date.parse rolls 02-30 into March). */
function isInstant(at: string): boolean {
  const match = isoInstant.exec(at);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day && !Number.isNaN(Date.parse(at));
}

const tickBody = z.object({ at: z.string().max(40).refine(isInstant).optional() }).strict();

async function parseTickBody(text: string): Promise<Date> {
  if (!text.trim()) return new Date();
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'invalid_json');
  }
  const parsed = tickBody.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, 'invalid_input', { field: parsed.error.issues[0]?.path.join('.') || 'body' });
  return parsed.data.at ? new Date(parsed.data.at) : new Date();
}

/**
 * The `reminders` edge function: the daily reminder's tick, called every minute by Supabase
 * Cron on hosted Supabase (migration 20261208000101) and by the local stack's scheduler, with
 * a secret key (or the legacy service-role key) and nothing else; `{"at": "<ISO time>"}` runs
 * the tick as if then. And the mail's one-click unsubscribe, which needs no key. It sees
 * /reminders on hosted Supabase (the gateway strips /functions/v1) and locally.
 */
export function createRemindersApp(channels: ReminderChannels = {}): Hono {
  const app = new Hono().basePath('/reminders');
  app.post('/', async (c) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token || !(await isServiceKey(token))) throw new ApiError(401, 'invalid_api_key');
    const at = await parseTickBody(await c.req.text());
    const { learners: _learners, ...counts } = await runReminderTick(at, channels);
    return c.json({ at: at.toISOString(), ...counts });
  });
  mountUnsubscribe(app);
  app.notFound((c) => errorResponse(new ApiError(404, 'not_found'), c));
  app.onError(errorResponse);
  return app;
}
