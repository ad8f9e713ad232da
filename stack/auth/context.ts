import type postgres from 'postgres';
import type { GoogleSignIn } from './google.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { AuthSettings } from './settings.ts';
import type { SigningKeys } from './tokens.ts';

/** What every part of the Auth service shares: the database, keys, settings and clock. */
export interface AuthContext {
  sql: postgres.Sql;
  keys: SigningKeys;
  settings: AuthSettings;
  /** The service's external URL, e.g. http://127.0.0.1:54321/auth/v1 (the tokens' `iss`). */
  externalUrl: string;
  now(): Date;
  /** SHA-256 digests of the opaque API keys (see requests.ts isOneOf). */
  apiKeys: { secret: Buffer[]; publishable: Buffer[] };
  /** Whether a secret-key caller may name the client with `Sb-Forwarded-For`. */
  sbForwardedForEnabled: boolean;
  /** Real Google sign-in; without it, the local stand-in page (unless Google is off). */
  google?: GoogleSignIn;
  /** Google sign-in is turned off (JERGA_GOOGLE=off): /authorize refuses it. */
  googleOff: boolean;
  /** The per-address request limits (settings.rateLimits), in memory. */
  limiter: RateLimiter;
  /**
   * When each e-mail address last asked for a recovery or resent mail (by the SHA-256 of the
   * kind and address), whether or not it has an account, so `max_frequency` answers alike.
   */
  mailAsked: Map<string, number>;
}

export const seconds = (date: Date) => Math.floor(date.getTime() / 1000);
