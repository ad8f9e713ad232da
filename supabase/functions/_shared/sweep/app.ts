import { Hono } from 'hono';
import { bearerToken, isServiceKey } from '../auth.ts';
import { ApiError, errorResponse } from '../errors.ts';
import { sweepStorage } from './storage-sweep.ts';

export { closeServiceDb as close } from '../service-db.ts';

/**
 * The `sweep` edge function: scheduled upkeep, called every 10 minutes by Supabase Cron on
 * hosted Supabase (migration 20261203000300) and by the local stack's scheduler, with a
 * secret key (or the legacy service-role key) and nothing else. It sees /sweep on hosted
 * Supabase (the gateway strips /functions/v1) and locally.
 */
export function createSweepApp(): Hono {
  const app = new Hono().basePath('/sweep');
  app.use('*', async (c, next) => {
    const token = bearerToken(c.req.header('authorization'));
    if (!token || !(await isServiceKey(token))) throw new ApiError(401, 'invalid_api_key');
    await next();
  });
  app.post('/', async (c) => c.json({ storage: await sweepStorage() }));
  app.notFound((c) => errorResponse(new ApiError(404, 'not_found'), c));
  app.onError(errorResponse);
  return app;
}
