import type { Context } from 'hono';
import { AuthError } from './errors.ts';
import type { AuthContext } from './context.ts';
import { isOneOf } from './requests.ts';

/**
 * The one password-guessing throttle of every door: the same per-account-and-address
 * back-off `/api/auth/login` uses (private.check_login_throttle / record_login_attempt), so
 * `/auth/v1/token` and a current-password check cannot be used to guess around it.
 */

const throttled = (seconds: number) =>
  new AuthError(429, 'over_request_rate_limit', `Too many failed attempts for this account. Try again in ${seconds} seconds.`, { retryAfter: seconds });

/**
 * The api function signs browsers in with the secret key and counts their guesses itself
 * (on the browser's address); counting them here again would double every failure.
 */
export function countedByCaller(ctx: AuthContext, c: Context): boolean {
  return isOneOf(c.req.header('apikey'), ctx.apiKeys.secret);
}

/** Refuses (429 with Retry-After) while this account must wait after failed guesses from `ip`. */
export async function checkGuessThrottle(ctx: AuthContext, email: string, ip: string | null): Promise<void> {
  try {
    await ctx.sql`select private.check_login_throttle(${email}, ${ip})`;
  } catch (error) {
    const { code, detail } = error as { code?: string; detail?: string };
    if (code !== 'PT429') throw error;
    const wait = Number((JSON.parse(detail ?? '{}') as { retryAfter?: number }).retryAfter ?? 1);
    throw throttled(wait);
  }
}

/** Records a guess (outside any request transaction, so a refusal still counts); a failure past the free ones answers 429. */
export async function recordGuess(ctx: AuthContext, email: string, ip: string | null, succeeded: boolean): Promise<void> {
  const [{ wait }] = await ctx.sql<{ wait: number }[]>`select private.record_login_attempt(${email}, ${ip}, ${succeeded}) as wait`;
  if (!succeeded && wait > 0) throw throttled(wait);
}
