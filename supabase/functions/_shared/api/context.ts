import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { callerFrom, guest, type Caller } from '../auth.ts';
import { clientAddress } from '../client-address.ts';
import { callerFromCookie } from '../cookie-session.ts';
import { asCaller, type Tx } from '../db.ts';
import { ApiError, fromPostgres } from '../errors.ts';
import { configuredAppOrigins, requestOrigin, requestSite } from '../origins.ts';
import { chunkNames, clearSessionCookie, sessionCookieName, sessionFromCookies, setSessionCookie } from '../session-cookie.ts';

export interface ApiEnv {
  Variables: {
    caller: Caller;
    /** The browser's address (rate limits), when a trusted proxy reported it. */
    address: string | null;
    /** Runs SQL as the caller (role, claims, address; one transaction; live session). */
    run: <T>(work: (tx: Tx) => Promise<T>) => Promise<T>;
    /**
     * How the request carries its session: `bearer` (an Authorization header: our own
     * client, supabase-js, scripts), `cookie` (no Authorization header: the session cookie,
     * if any — the palabrotas client). Only cookie-mode requests get the session cookie set.
     */
    sessionMode: 'bearer' | 'cookie';
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

/** Methods that change nothing, which a cross-site page may cause without harm. */
const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Routes that start a session cookie: a foreign page must not sign the browser in (login CSRF). */
const cookieIssuing = new Set(['/api/auth/login', '/api/user/register']);

/**
 * Routes whose success ends the browser's session (the account is gone, or every session was
 * ended with a new password): a cookie request's reply then clears the cookie too.
 */
const sessionEnding = new Set(['/api/user/deleteAccount', '/api/user/delete-account', '/api/auth/reset-password']);

/** The app's origins for this request: the configured ones and the one it was sent to. */
function appOriginsOf(c: Context): Set<string> {
  const origins = configuredAppOrigins();
  const own = requestOrigin(c.req.url, c.req.raw.headers);
  if (own) origins.add(own);
  return origins;
}

/** Whether the reply already set or cleared the session cookie itself (login, logout). */
function replySetSessionCookie(c: Context): boolean {
  const name = sessionCookieName();
  return c.res.headers.getSetCookie().some((line) => line.startsWith(`${name}=`) || line.startsWith(`${name}.`));
}

/** Whether a request failed because its session has ended (signed out, password changed). */
function sessionEnded(error: unknown): boolean {
  if (error instanceof ApiError) return error.code === 'session_ended';
  return typeof error === 'object' && error !== null && fromPostgres(error as { code?: string }, true)?.code === 'session_ended';
}

/**
 * THE place where the caller of every /api route is resolved, once per request:
 * - an Authorization header: the bearer token (callerFrom), cookies ignored;
 * - none: the session cookie (@supabase/ssr's format, session-cookie.ts), its access token
 *   renewed through Auth when expired (the reply carries the new cookie), a refused renewal
 *   making a guest with the cookie cleared; no cookie: a guest.
 * A cookie-carrying request that changes anything must come from the app's own origin
 * (Sec-Fetch-Site `same-origin`, or an Origin that is the app's), else 403
 * `cross_site_request` before anything runs; sign-in and registration without a cookie are
 * refused only when the browser names a foreign origin.
 */
export const withCaller = createMiddleware<ApiEnv>(async (c, next) => {
  const address = clientAddress(c.req.header('x-forwarded-for'));
  const authorization = c.req.header('authorization');
  let caller: Caller = guest;
  let cookieReply: 'renewed' | 'clear' | undefined;
  let renewed: object | undefined;
  let cookieAuthenticated = false;
  if (authorization !== undefined && authorization.trim() !== '') {
    c.set('sessionMode', 'bearer');
    caller = await callerFrom(authorization).catch((error: unknown) => {
      if (guestOnBadToken.has(c.req.path) && error instanceof ApiError && error.code === 'invalid_token') return guest;
      throw error;
    });
  } else {
    c.set('sessionMode', 'cookie');
    const cookies = getCookie(c);
    const carriesCookie = chunkNames(cookies, sessionCookieName()).length > 0;
    const unsafe = !safeMethods.has(c.req.method);
    if (unsafe && (carriesCookie || cookieIssuing.has(c.req.path))) {
      const site = requestSite(c.req.raw.headers, appOriginsOf(c));
      if (site === 'foreign' || (carriesCookie && site !== 'same')) throw new ApiError(403, 'cross_site_request');
    }
    if (carriesCookie) {
      const stored = sessionFromCookies(cookies);
      const resolved = stored
        ? await callerFromCookie(stored, address).catch((error: unknown) => {
            // Auth unreachable or busy while renewing: a read goes on as a guest's and the
            // cookie is kept for later; a change is refused (503 / 429) rather than done anonymously.
            if (!unsafe && error instanceof ApiError && (error.status === 503 || error.status === 429)) return null;
            throw error;
          })
        : ({ caller: null, refused: true } as const);
      if (resolved === null) {
        // as a guest, cookie untouched
      } else if (resolved.caller) {
        caller = resolved.caller;
        cookieAuthenticated = true;
        if (resolved.renewed) {
          cookieReply = 'renewed';
          renewed = resolved.renewed;
        }
      } else {
        cookieReply = 'clear';
      }
    }
  }
  c.set('caller', caller);
  c.set('address', address);
  c.set('run', (work) => asCaller(caller, work, address));
  await next();
  if (replySetSessionCookie(c)) return;
  if (c.get('sessionMode') === 'cookie' && sessionEnding.has(c.req.path) && c.res.ok) clearSessionCookie(c);
  else if (cookieAuthenticated && sessionEnded(c.error)) clearSessionCookie(c);
  else if (cookieReply === 'renewed' && renewed) setSessionCookie(c, renewed);
  else if (cookieReply === 'clear') clearSessionCookie(c);
});
