import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseToml } from 'smol-toml';
import { rootDir } from '../config.ts';

/** Requests allowed per IP address in one window, per bucket (GoTrue's `[auth.rate_limit]`). */
export interface RateLimits {
  /** Sign-ups and password/PKCE sign-ins (GoTrue `sign_in_sign_ups`: 30 per 5 minutes). */
  signInSignUps: number;
  /** Refresh-token grants (GoTrue `token_refresh`: 150 per 5 minutes). */
  tokenRefresh: number;
  /** Window length in seconds (GoTrue counts per 5 minutes). */
  windowSeconds: number;
}

/** The part of supabase/config.toml `[auth]` that the local Auth service emulates. */
export interface AuthSettings {
  siteUrl: string;
  additionalRedirectUrls: string[];
  /**
   * Also allow any page of http://localhost or http://127.0.0.1 on any port (two wildcard
   * allow-list entries), so dev servers and tests on other ports work. Ours, not
   * config.toml's; on by default.
   */
  localRedirectWildcards: boolean;
  /** Access-token lifetime in seconds. */
  jwtExpiry: number;
  minimumPasswordLength: number;
  enableSignup: boolean;
  /** Seconds during which a just-rotated refresh token may be used again. */
  refreshTokenReuseInterval: number;
  enableRefreshTokenRotation: boolean;
  rateLimits: RateLimits;
}

/** GoTrue's own defaults, for anything config.toml leaves out. */
export const defaultRateLimits: RateLimits = { signInSignUps: 30, tokenRefresh: 150, windowSeconds: 300 };

interface AuthToml {
  site_url?: string;
  additional_redirect_urls?: string[];
  jwt_expiry?: number;
  minimum_password_length?: number;
  enable_signup?: boolean;
  refresh_token_reuse_interval?: number;
  enable_refresh_token_rotation?: boolean;
  rate_limit?: { sign_in_sign_ups?: number; token_refresh?: number };
}

/** Reads `[auth]` from supabase/config.toml, so the stack and `supabase start` agree. */
export function loadAuthSettings(configFile = path.join(rootDir, 'supabase', 'config.toml')): AuthSettings {
  const toml = parseToml(readFileSync(configFile, 'utf8')) as { auth?: AuthToml };
  const auth = toml.auth ?? {};
  return {
    siteUrl: auth.site_url ?? 'http://127.0.0.1:3000',
    additionalRedirectUrls: auth.additional_redirect_urls ?? [],
    localRedirectWildcards: true,
    jwtExpiry: auth.jwt_expiry ?? 3600,
    // The CLI's default when the key is absent.
    minimumPasswordLength: auth.minimum_password_length ?? 6,
    enableSignup: auth.enable_signup ?? true,
    refreshTokenReuseInterval: auth.refresh_token_reuse_interval ?? 10,
    enableRefreshTokenRotation: auth.enable_refresh_token_rotation ?? true,
    rateLimits: {
      signInSignUps: auth.rate_limit?.sign_in_sign_ups ?? defaultRateLimits.signInSignUps,
      tokenRefresh: auth.rate_limit?.token_refresh ?? defaultRateLimits.tokenRefresh,
      windowSeconds: defaultRateLimits.windowSeconds,
    },
  };
}
