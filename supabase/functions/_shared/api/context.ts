import { createMiddleware } from 'hono/factory';
import { callerFrom, type Caller } from '../auth.ts';
import { asCaller, type Tx } from '../db.ts';

export interface ApiEnv {
  Variables: {
    caller: Caller;
    /** Runs SQL as the caller (role + claims, one transaction). */
    run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  };
}

/** Resolves the caller from the bearer token once per request. */
export const withCaller = createMiddleware<ApiEnv>(async (c, next) => {
  const caller = await callerFrom(c.req.header('authorization'));
  c.set('caller', caller);
  c.set('run', (work) => asCaller(caller, work));
  await next();
});
