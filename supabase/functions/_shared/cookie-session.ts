import type { Session } from '@supabase/auth-js';
import { decodeJwt } from 'jose';
import { renewSession, type Renewal } from './auth-service.ts';
import { callerFrom, type Caller } from './auth.ts';
import { ApiError } from './errors.ts';
import type { StoredSession } from './session-cookie.ts';

/** An access token this close to its expiry is renewed first, so it does not lapse mid-request. */
const RENEW_MARGIN_SECONDS = 10;
/** How long a renewal is shared by requests that arrive with the same refresh token. */
const SHARED_RENEWAL_MS = 10_000;
const MAX_SHARED_RENEWALS = 1000;

/**
 * Renewals in flight or just done, by refresh token: a page fires several requests with the
 * same expired cookie at once, and Auth rotates refresh tokens, so they share one renewal
 * rather than each spending the token (which Auth tolerates only briefly).
 */
const renewals = new Map<string, Promise<Renewal>>();

function sharedRenewal(refreshToken: string, address: string | null): Promise<Renewal> {
  const known = renewals.get(refreshToken);
  if (known) return known;
  if (renewals.size >= MAX_SHARED_RENEWALS) renewals.delete(renewals.keys().next().value as string);
  const pending = renewSession(refreshToken, address);
  renewals.set(refreshToken, pending);
  const forget = () => {
    const timer = setTimeout(() => renewals.delete(refreshToken), SHARED_RENEWAL_MS);
    // Never what keeps the process alive (Node; Deno's timers do not hold it either way here).
    (timer as unknown as { unref?: () => void }).unref?.();
  };
  pending.then(forget, () => renewals.delete(refreshToken));
  return pending;
}

function expiresSoon(accessToken: string): boolean {
  try {
    const { exp } = decodeJwt(accessToken);
    return typeof exp !== 'number' || exp - RENEW_MARGIN_SECONDS <= Date.now() / 1000;
  } catch {
    return true;
  }
}

/** A cookie's outcome: who calls, and what the reply must do with the cookie. */
export type CookieCaller =
  | { caller: Caller; renewed?: Session }
  | { caller: null; refused: true };

/**
 * The caller behind a session cookie. Its access token, verified like a bearer token, when it
 * is still good; else a renewal through Auth with its refresh token (the reply then carries
 * the new session); a renewal Auth refuses means a guest and a cleared cookie. Whether the
 * session is still alive is decided in SQL as for bearer tokens (private.assert_session).
 */
export async function callerFromCookie(stored: StoredSession, address: string | null): Promise<CookieCaller> {
  if (!expiresSoon(stored.access_token)) {
    try {
      return { caller: await callerFrom(`Bearer ${stored.access_token}`) };
    } catch (error) {
      if (!(error instanceof ApiError) || error.status !== 401) throw error;
      // Not a token of this project (any more): its refresh token may still be.
    }
  }
  const renewal = await sharedRenewal(stored.refresh_token, address);
  if ('refused' in renewal) return { caller: null, refused: true };
  try {
    return { caller: await callerFrom(`Bearer ${renewal.session.access_token}`), renewed: renewal.session };
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return { caller: null, refused: true };
    throw error;
  }
}
