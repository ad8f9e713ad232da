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
  /**
   * Checks of a mailed code, link or reauthentication nonce (GoTrue `token_verifications`:
   * 30 per 5 minutes): GET and POST /verify, and PUT /user with a nonce.
   */
  tokenVerifications: number;
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
  /** `[auth.email] enable_confirmations`: a new account must follow the mailed link before signing in. */
  enableConfirmations: boolean;
  /** `[auth.email] double_confirm_changes`: an e-mail change needs the links sent to both addresses. */
  doubleConfirmChanges: boolean;
  /** `[auth.email] max_frequency` in seconds: how soon another mail may go to one address. */
  maxFrequencySeconds: number;
  /** `[auth.email] otp_expiry`: how long a mailed link works, in seconds. */
  otpExpirySeconds: number;
  /**
   * `[auth.email] secure_password_change`: an account without a password sets one only with
   * the nonce GET /reauthenticate mails (accounts with one give the current password).
   */
  securePasswordChange: boolean;
}

/** GoTrue's own defaults, for anything config.toml leaves out. */
export const defaultRateLimits: RateLimits = { signInSignUps: 30, tokenRefresh: 150, tokenVerifications: 30, windowSeconds: 300 };

interface AuthToml {
  site_url?: string;
  additional_redirect_urls?: string[];
  jwt_expiry?: number;
  minimum_password_length?: number;
  enable_signup?: boolean;
  refresh_token_reuse_interval?: number;
  enable_refresh_token_rotation?: boolean;
  rate_limit?: { sign_in_sign_ups?: number; token_refresh?: number; token_verifications?: number };
  email?: {
    enable_confirmations?: boolean;
    double_confirm_changes?: boolean;
    secure_password_change?: boolean;
    max_frequency?: string;
    otp_expiry?: number;
  };
}

/** A Go duration as config.toml writes it ("60s", "1m", "1m30s") in seconds. */
function durationSeconds(text: string | undefined, fallback: number): number {
  if (!text) return fallback;
  const parts = [...text.matchAll(/(\d+)(h|m|s)/g)];
  if (!parts.length || parts.map((part) => part[0]).join('') !== text.trim()) throw new Error(`config.toml: not a duration: ${text}`);
  return parts.reduce((sum, [, amount, unit]) => sum + Number(amount) * (unit === 'h' ? 3600 : unit === 'm' ? 60 : 1), 0);
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
    enableConfirmations: auth.email?.enable_confirmations ?? false,
    // GoTrue's default when the key is absent (GOTRUE_MAILER_SECURE_EMAIL_CHANGE_ENABLED).
    doubleConfirmChanges: auth.email?.double_confirm_changes ?? true,
    maxFrequencySeconds: durationSeconds(auth.email?.max_frequency, 60),
    otpExpirySeconds: auth.email?.otp_expiry ?? 3600,
    // The CLI's default when the key is absent (GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION).
    securePasswordChange: auth.email?.secure_password_change ?? false,
    rateLimits: {
      signInSignUps: auth.rate_limit?.sign_in_sign_ups ?? defaultRateLimits.signInSignUps,
      tokenRefresh: auth.rate_limit?.token_refresh ?? defaultRateLimits.tokenRefresh,
      tokenVerifications: auth.rate_limit?.token_verifications ?? defaultRateLimits.tokenVerifications,
      windowSeconds: defaultRateLimits.windowSeconds,
    },
  };
}
