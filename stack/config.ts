import { createHash } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root, resolved from this file so the stack works from any cwd. */
export const rootDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the database used to live: inside the repository, which the dev server serves. */
export const legacyDataDir = path.join(rootDir, '.jerga', 'db');

/**
 * Where embedded Postgres keeps its files unless JERGA_DATA_DIR says otherwise: outside
 * the repository, so the dev server can neither serve nor watch them. One folder per
 * checkout (its name plus a hash of its path). As root, Postgres runs as the `postgres`
 * user, who must be able to reach the folder: /var/lib rather than a private /root.
 */
export function defaultDataDir(): string {
  const checkout = `${path.basename(rootDir)}-${createHash('sha256').update(rootDir).digest('hex').slice(0, 8)}`;
  if (process.getuid?.() === 0) return path.join('/var/lib/jerga', checkout, 'db');
  const xdg = process.env.XDG_DATA_HOME;
  // The XDG spec says to ignore a relative XDG_DATA_HOME.
  const base = xdg && path.isAbsolute(xdg) ? xdg : path.join(os.homedir(), '.local', 'share');
  return path.join(base, 'jerga', checkout, 'db');
}

/**
 * The JWT secret and API keys `supabase start` uses by default. They are public,
 * documented development values: using them keeps `.env` identical between the
 * embedded stack and Docker Supabase. Never use them for a hosted project.
 */
export const LOCAL_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';
export const LOCAL_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';
export const LOCAL_SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
/** The opaque keys `supabase start` prints (Publishable and Secret), same reasoning. */
export const LOCAL_PUBLISHABLE_KEY = 'sb_publishable_ACJWlzQHlZjBrEguHvfOxg_3BJgxAaH';
export const LOCAL_SECRET_KEY = 'sb_secret_N7UND0UgjKTVK-Uodkm0Hg_xSvEMPvz';

export interface StackConfig {
  /** Port of the embedded Postgres (54322, like `supabase start`). */
  dbPort: number;
  /** Port of the API gateway: /auth/v1, /functions/v1, /realtime/v1 and /api (54321). */
  apiPort: number;
  /** The local mail catcher's inbox and Mailpit API (54324, like `supabase start`). */
  mailPort: number;
  /** The local mail catcher's SMTP port (54325). */
  smtpPort: number;
  /** Where embedded Postgres keeps its files (see defaultDataDir). */
  dataDir: string;
  /** Use this Postgres instead of starting the embedded one. */
  databaseUrl?: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The opaque `sb_publishable_…` key: a guest, like the anon key. */
  publishableKey: string;
  /** The opaque `sb_secret_…` key: server-side only (the api function's calls to Auth). */
  secretKey: string;
  /** How often Realtime checks private channels' sessions again (JERGA_REALTIME_SESSION_CHECK_SECONDS, default 30). */
  realtimeSessionCheckSeconds: number;
  /** Apply supabase/seed.sql when the database is new. */
  seed: boolean;
  /** Quiet mode for tests: Postgres logs go nowhere. */
  quiet: boolean;
  /**
   * Auth rate limits per IP per 5 minutes (GoTrue's `sign_in_sign_ups` and `token_refresh`).
   * Unset means supabase/config.toml `[auth.rate_limit]` or GoTrue's defaults (30 and 150).
   */
  authRateLimits: { signInSignUps?: number; tokenRefresh?: number };
}

/**
 * JERGA_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS / _TOKEN_REFRESH override the limits. Under Vitest
 * (which sets VITEST) they default high: the suite signs in hundreds of times from 127.0.0.1.
 */
function authRateLimitFromEnv(name: string): number | undefined {
  const value = process.env[`JERGA_AUTH_RATE_LIMIT_${name}`];
  if (value) return Number(value);
  return process.env.VITEST ? 100_000 : undefined;
}

export function loadConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const env = process.env;
  return {
    dbPort: Number(env.JERGA_DB_PORT ?? 54322),
    apiPort: Number(env.JERGA_API_PORT ?? 54321),
    mailPort: Number(env.JERGA_MAIL_PORT ?? 54324),
    smtpPort: Number(env.JERGA_SMTP_PORT ?? 54325),
    dataDir: env.JERGA_DATA_DIR || defaultDataDir(),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET ?? LOCAL_JWT_SECRET,
    anonKey: env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    publishableKey: env.SUPABASE_PUBLISHABLE_KEY ?? LOCAL_PUBLISHABLE_KEY,
    secretKey: env.SUPABASE_SECRET_KEY ?? LOCAL_SECRET_KEY,
    realtimeSessionCheckSeconds: Number(env.JERGA_REALTIME_SESSION_CHECK_SECONDS ?? 30),
    seed: true,
    quiet: false,
    authRateLimits: {
      signInSignUps: authRateLimitFromEnv('SIGN_IN_SIGN_UPS'),
      tokenRefresh: authRateLimitFromEnv('TOKEN_REFRESH'),
    },
    ...overrides,
  };
}

export function databaseUrlOf(config: StackConfig): string {
  return config.databaseUrl ?? `postgresql://postgres:postgres@127.0.0.1:${config.dbPort}/postgres`;
}

/**
 * Where the api function connects: as `authenticator`, the login role PostgREST uses (it
 * may only become anon, authenticated or service_role), never as a superuser. Its password
 * is the database password on `supabase start` and in our bootstrap. JERGA_API_DB_URL
 * overrides it.
 */
export function apiDatabaseUrlOf(config: StackConfig): string {
  if (process.env.JERGA_API_DB_URL) return process.env.JERGA_API_DB_URL;
  const url = new URL(databaseUrlOf(config));
  url.username = 'authenticator';
  return url.toString();
}
