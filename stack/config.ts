import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';

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

/** Real Google sign-in (see stack/auth/google.ts): client id and secret, and an issuer for tests. */
export interface GoogleConfig {
  clientId: string;
  clientSecret: string;
  issuerUrl?: string;
}

export interface StackConfig {
  /**
   * Where the gateway (and `npm start`'s web server) listen: JERGA_HOST, default 127.0.0.1.
   * Anything but loopback is self-hosting mode (see self-hosting.ts). Postgres stays on loopback.
   */
  host: string;
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
  /**
   * Where Storage keeps object contents (JERGA_STORAGE_DIR): by default `storage` beside the
   * database folder (<data>/storage next to <data>/db; see defaultStorageDir).
   */
  storageDir: string;
  /**
   * The most any upload may hold, in bytes, whatever its bucket allows: JERGA_STORAGE_FILE_SIZE_LIMIT
   * (bytes, or with a unit: 50MiB, 2MB), else supabase/config.toml `[storage] file_size_limit`, else 50 MiB.
   */
  storageFileSizeLimit: number;
  /**
   * Per-account Storage limits written to private.storage_limits at start, when given:
   * JERGA_STORAGE_UPLOADS_PER_MINUTE (default in the database: 30) and JERGA_STORAGE_ACCOUNT_BYTES
   * (bytes or a size such as 50MB; default in the database: 52428800). Unset leaves the database's.
   */
  storageUploadsPerMinute?: number;
  storageAccountBytes?: number;
  /**
   * How often the stack calls the `sweep` function, as Supabase Cron does on hosted projects
   * (JERGA_SWEEP_INTERVAL_SECONDS, default 600; 0 turns it off).
   */
  sweepIntervalSeconds: number;
  /**
   * How often the stack calls the `reminders` function, as Supabase Cron does every minute on
   * hosted projects (JERGA_REMINDERS_INTERVAL_SECONDS, default 60; 0 turns it off).
   */
  remindersIntervalSeconds: number;
  /** Use this Postgres instead of starting the embedded one. */
  databaseUrl?: string;
  jwtSecret: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The opaque `sb_publishable_…` key: a guest, like the anon key. */
  publishableKey: string;
  /** The opaque `sb_secret_…` key: server-side only (the api function's calls to Auth). The first of secretKeys. */
  secretKey: string;
  /** How often Realtime checks private channels' sessions again (JERGA_REALTIME_SESSION_CHECK_SECONDS, default 30). */
  realtimeSessionCheckSeconds: number;
  /** Every accepted publishable key: SUPABASE_PUBLISHABLE_KEYS and _KEY, else the built-in one. */
  publishableKeys: string[];
  /** Every accepted secret key: SUPABASE_SECRET_KEYS and _KEY, else the built-in one. */
  secretKeys: string[];
  /**
   * Google sign-in: real Google with GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET (or config.toml
   * `[auth.external.google]`), `'off'` with JERGA_GOOGLE=off, else (undefined) the local stand-in.
   */
  google?: GoogleConfig | 'off';
  /** Apply supabase/seed.sql when the database is new. */
  seed: boolean;
  /** Quiet mode for tests: Postgres logs go nowhere. */
  quiet: boolean;
  /**
   * Auth rate limits per IP per 5 minutes (GoTrue's `sign_in_sign_ups`, `token_refresh` and
   * `token_verifications`). Unset means supabase/config.toml `[auth.rate_limit]` or GoTrue's
   * defaults (30, 150 and 30).
   */
  authRateLimits: { signInSignUps?: number; tokenRefresh?: number; tokenVerifications?: number };
  /**
   * The public URL the gateway is reached at from browsers (API_EXTERNAL_URL, as in Supabase's
   * self-hosting): Auth's token issuer and Google's redirect URI (`<it>/auth/v1/callback`).
   * Unset: http://127.0.0.1:<apiPort>.
   */
  apiExternalUrl?: string;
  /** SITE_URL and ADDITIONAL_REDIRECT_URLS (comma-separated), over supabase/config.toml's. */
  siteUrl?: string;
  additionalRedirectUrls?: string[];
}

/**
 * JERGA_AUTH_RATE_LIMIT_SIGN_IN_SIGN_UPS / _TOKEN_REFRESH / _TOKEN_VERIFICATIONS override the limits. Under Vitest
 * (which sets VITEST) they default high: the suite signs in hundreds of times from 127.0.0.1.
 */
function authRateLimitFromEnv(name: string): number | undefined {
  const value = process.env[`JERGA_AUTH_RATE_LIMIT_${name}`];
  if (value) return Number(value);
  return process.env.VITEST ? 100_000 : undefined;
}

/** A key an API key list may hold: printable, no spaces, with its kind's prefix. */
const keyPattern = (prefix: string) => new RegExp(`^${prefix}[\\x21-\\x7e]{8,200}$`);

/**
 * The keys of SUPABASE_<KIND>_KEYS (the edge runtime's JSON object of named keys,
 * `{"default": "sb_secret_…"}`) and SUPABASE_<KIND>_KEY; undefined when neither is set. A
 * malformed value stops the start with a message saying what is wrong.
 */
export function keysFromEnv(kind: 'SECRET' | 'PUBLISHABLE', env: NodeJS.ProcessEnv = process.env): string[] | undefined {
  const prefix = `sb_${kind.toLowerCase()}_`;
  const listName = `SUPABASE_${kind}_KEYS`;
  const singleName = `SUPABASE_${kind}_KEY`;
  const keys: string[] = [];
  const list = env[listName];
  if (list !== undefined && list.trim() !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(list);
    } catch {
      throw new Error(`${listName} is not JSON: set it to an object of named keys, e.g. {"default":"${prefix}…"}`);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed) || Object.keys(parsed).length === 0) {
      throw new Error(`${listName} must be a JSON object of named keys, e.g. {"default":"${prefix}…"}`);
    }
    for (const [name, value] of Object.entries(parsed)) {
      if (typeof value !== 'string' || !keyPattern(prefix).test(value)) {
        throw new Error(`${listName}: key "${name}" must be a string starting with ${prefix} (printable, no spaces)`);
      }
      keys.push(value);
    }
  }
  const single = env[singleName];
  if (single !== undefined && single.trim() !== '') {
    if (!keyPattern(prefix).test(single)) throw new Error(`${singleName} must start with ${prefix} (printable, no spaces)`);
    if (!keys.includes(single)) keys.push(single);
  }
  return keys.length ? keys : undefined;
}

/** The value of config.toml's `env(NAME)` form, or the value itself. */
const tomlValue = (value: unknown, env: NodeJS.ProcessEnv): string | undefined => {
  if (typeof value !== 'string') return undefined;
  const named = /^env\((\w+)\)$/.exec(value.trim());
  return (named ? env[named[1]] : value) || undefined;
};

/**
 * Real Google when GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set, or config.toml has
 * `[auth.external.google] enabled = true` with a client id and secret (`env(...)` allowed);
 * 'off' with JERGA_GOOGLE=off; otherwise undefined: the local stand-in page.
 */
export function googleFromEnv(env: NodeJS.ProcessEnv = process.env, toml: Record<string, unknown> = readGoogleToml()): GoogleConfig | 'off' | undefined {
  if (env.JERGA_GOOGLE === 'off') return 'off';
  const issuerUrl = env.GOOGLE_ISSUER_URL || undefined;
  if (env.GOOGLE_CLIENT_ID || env.GOOGLE_CLIENT_SECRET) {
    if (!env.GOOGLE_CLIENT_ID || !env.GOOGLE_CLIENT_SECRET) throw new Error('Set both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for Google sign-in');
    return { clientId: env.GOOGLE_CLIENT_ID, clientSecret: env.GOOGLE_CLIENT_SECRET, issuerUrl };
  }
  if (toml.enabled === true) {
    const clientId = tomlValue(toml.client_id, env);
    const clientSecret = tomlValue(toml.secret, env);
    if (!clientId || !clientSecret) throw new Error('[auth.external.google] is enabled in supabase/config.toml but its client_id or secret is empty');
    return { clientId, clientSecret, issuerUrl };
  }
  return undefined;
}

function readGoogleToml(): Record<string, unknown> {
  const toml = parseToml(readFileSync(path.join(rootDir, 'supabase', 'config.toml'), 'utf8')) as {
    auth?: { external?: { google?: Record<string, unknown> } };
  };
  return toml.auth?.external?.google ?? {};
}

/** An absolute http(s) URL from the environment, without a trailing slash; a start-up error otherwise. */
function urlFromEnv(name: string, env: NodeJS.ProcessEnv): string | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL such as https://jerga.example.com: ${value}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`${name} must be an http:// or https:// URL: ${value}`);
  return value.replace(/\/+$/, '');
}

/**
 * Where Storage keeps files for a database folder: `storage` beside it when it is named `db`
 * (the default layout, <data>/db and <data>/storage), else `<folder>-storage`, so two stacks
 * on two folders never share one.
 */
export function defaultStorageDir(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.basename(resolved) === 'db' ? path.join(path.dirname(resolved), 'storage') : `${resolved}-storage`;
}

/** A size as config.toml writes it (`50MiB`, `2MB`, `300KB`, `1024`), in bytes; throws when it is not one. */
export function parseByteSize(text: string, name: string): number {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(B|KB|MB|GB|KiB|MiB|GiB)?\s*$/i.exec(text);
  if (!match) throw new Error(`${name} must be a size such as 50MiB, 2MB or a number of bytes: ${text}`);
  const units: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9, kib: 1024, mib: 1024 ** 2, gib: 1024 ** 3 };
  const bytes = Math.floor(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]);
  if (!Number.isSafeInteger(bytes) || bytes < 1) throw new Error(`${name} must be at least one byte: ${text}`);
  return bytes;
}

/** A whole number of at least 0 from the environment; a start-up error when it is not one. */
function wholeNumberFromEnv(name: string, env: NodeJS.ProcessEnv): number | undefined {
  const value = env[name]?.trim();
  if (!value) return undefined;
  if (!/^\d{1,9}$/.test(value)) throw new Error(`${name} must be a whole number (0 or more): ${value}`);
  return Number(value);
}

/** JERGA_STORAGE_FILE_SIZE_LIMIT, else config.toml's `[storage] file_size_limit`, else 50 MiB (the CLI's default). */
function storageFileSizeLimitFromEnv(env: NodeJS.ProcessEnv): number {
  if (env.JERGA_STORAGE_FILE_SIZE_LIMIT) return parseByteSize(env.JERGA_STORAGE_FILE_SIZE_LIMIT, 'JERGA_STORAGE_FILE_SIZE_LIMIT');
  const toml = parseToml(readFileSync(path.join(rootDir, 'supabase', 'config.toml'), 'utf8')) as { storage?: { file_size_limit?: unknown } };
  const value = toml.storage?.file_size_limit;
  if (typeof value === 'string' || typeof value === 'number') return parseByteSize(String(value), '[storage] file_size_limit');
  return 50 * 1024 * 1024;
}

export function loadConfig(overrides: Partial<StackConfig> = {}): StackConfig {
  const env = process.env;
  const secretKeys = overrides.secretKeys ?? (overrides.secretKey ? [overrides.secretKey] : (keysFromEnv('SECRET', env) ?? [LOCAL_SECRET_KEY]));
  const publishableKeys =
    overrides.publishableKeys ?? (overrides.publishableKey ? [overrides.publishableKey] : (keysFromEnv('PUBLISHABLE', env) ?? [LOCAL_PUBLISHABLE_KEY]));
  return {
    host: env.JERGA_HOST || '127.0.0.1',
    dbPort: Number(env.JERGA_DB_PORT ?? 54322),
    apiPort: Number(env.JERGA_API_PORT ?? 54321),
    mailPort: Number(env.JERGA_MAIL_PORT ?? 54324),
    smtpPort: Number(env.JERGA_SMTP_PORT ?? 54325),
    dataDir: env.JERGA_DATA_DIR || defaultDataDir(),
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET ?? LOCAL_JWT_SECRET,
    anonKey: env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY,
    serviceRoleKey: env.SUPABASE_SERVICE_ROLE_KEY ?? LOCAL_SERVICE_ROLE_KEY,
    realtimeSessionCheckSeconds: Number(env.JERGA_REALTIME_SESSION_CHECK_SECONDS ?? 30),
    google: 'google' in overrides ? overrides.google : googleFromEnv(env),
    apiExternalUrl: urlFromEnv('API_EXTERNAL_URL', env),
    siteUrl: urlFromEnv('SITE_URL', env),
    additionalRedirectUrls: env.ADDITIONAL_REDIRECT_URLS?.split(',').map((entry) => entry.trim()).filter(Boolean),
    storageUploadsPerMinute: wholeNumberFromEnv('JERGA_STORAGE_UPLOADS_PER_MINUTE', env),
    storageAccountBytes: env.JERGA_STORAGE_ACCOUNT_BYTES ? parseByteSize(env.JERGA_STORAGE_ACCOUNT_BYTES, 'JERGA_STORAGE_ACCOUNT_BYTES') : undefined,
    sweepIntervalSeconds: wholeNumberFromEnv('JERGA_SWEEP_INTERVAL_SECONDS', env) ?? 600,
    remindersIntervalSeconds: wholeNumberFromEnv('JERGA_REMINDERS_INTERVAL_SECONDS', env) ?? 60,
    seed: true,
    quiet: false,
    authRateLimits: {
      signInSignUps: authRateLimitFromEnv('SIGN_IN_SIGN_UPS'),
      tokenRefresh: authRateLimitFromEnv('TOKEN_REFRESH'),
      tokenVerifications: authRateLimitFromEnv('TOKEN_VERIFICATIONS'),
    },
    ...overrides,
    storageDir: overrides.storageDir ?? (env.JERGA_STORAGE_DIR || defaultStorageDir(overrides.dataDir ?? (env.JERGA_DATA_DIR || defaultDataDir()))),
    storageFileSizeLimit: overrides.storageFileSizeLimit ?? storageFileSizeLimitFromEnv(env),
    publishableKey: publishableKeys[0],
    secretKey: secretKeys[0],
    publishableKeys,
    secretKeys,
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
