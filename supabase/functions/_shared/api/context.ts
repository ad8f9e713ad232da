import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import { callerFrom, guest, type Caller } from '../auth.ts';
import { clientAddress } from '../client-address.ts';
import { asCaller, type Tx } from '../db.ts';
import { ApiError } from '../errors.ts';

export interface ApiEnv {
  Variables: {
    caller: Caller;
    /** The browser's address (rate limits), when a trusted proxy reported it. */
    address: string | null;
    /** Runs SQL as the caller (role, claims, address; one transaction; live session). */
    run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
  };
}

/**
 * Where a token that no longer verifies (expired, from another project) simply means a
 * guest: signing in, registering and asking "am I signed in?" must work whatever the
 * browser still holds. Everywhere else it is a 401.
 */
const guestOnBadToken = new Set(['/api/auth/login', '/api/auth/google', '/api/auth/logout', '/api/auth/authStatus', '/api/user/register']);

/**
 * The spec's clients send their own user id in some bodies (userId, owner). Who acts is
 * always the token's user: an id is accepted only when it is the caller's own (a guest's is
 * left to the SQL function, which asks them to log in).
 */
export function requireOwnId(caller: Caller, id: string | undefined, field: string): void {
  if (id !== undefined && caller.userId && id !== caller.userId) throw new ApiError(403, 'forbidden', { field });
}

/**
 * A `:userId` path parameter naming whose data to read or change (flashcards, streaks):
 * only ever the caller's own. Guests are asked to log in; another learner's id is refused
 * whether or not it exists, so the reply says nothing about who has an account.
 */
export function ownUserParam(c: Context<ApiEnv>, name = 'userId'): string {
  const caller = c.get('caller');
  if (!caller.userId) throw new ApiError(401, 'login_required');
  if (c.req.param(name)?.toLowerCase() !== caller.userId) throw new ApiError(403, 'forbidden', { field: name });
  return caller.userId;
}

/** Resolves the caller from the bearer token, and their address, once per request. */
export const withCaller = createMiddleware<ApiEnv>(async (c, next) => {
  const caller = await callerFrom(c.req.header('authorization')).catch((error: unknown) => {
    if (guestOnBadToken.has(c.req.path) && error instanceof ApiError && error.code === 'invalid_token') return guest;
    throw error;
  });
  const address = clientAddress(c.req.header('x-forwarded-for'));
  c.set('caller', caller);
  c.set('address', address);
  c.set('run', (work) => asCaller(caller, work, address));
  await next();
});
