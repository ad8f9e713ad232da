import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import postgres from 'postgres';
import type { JWK } from 'jose';
import type { Mailer } from '../mail/types.ts';
import { adminRoutes } from './admin.ts';
import type { AuthContext } from './context.ts';
import { API_VERSION, API_VERSION_HEADER, AuthError, errorReply, errorResponse, requestTooLarge } from './errors.ts';
import { googleSignIn, type GoogleSettings } from './google.ts';
import { mailFlowRoutes } from './mail-flows.ts';
import { oauthRoutes } from './oauth-routes.ts';
import { RateLimiter } from './rate-limit.ts';
import { reauthenticateRoutes } from './reauthenticate.ts';
import { checkApiKeys, keyDigests } from './requests.ts';
import { serviceRoutes } from './service-routes.ts';
import { sessionRoutes } from './session-routes.ts';
import { loadAuthSettings, type AuthSettings, type RateLimits } from './settings.ts';
import { signupRoutes } from './signup.ts';
import { loadSigningKeys } from './tokens.ts';
import { userRoutes } from './user-routes.ts';
import { verifyRoutes } from './verify.ts';

export { loadAuthSettings, type AuthSettings, type RateLimits } from './settings.ts';

export interface AuthAppOptions extends Partial<Omit<AuthSettings, 'rateLimits'>> {
  /** Postgres to keep users in (as a superuser); ignored when `sql` is given. */
  databaseUrl?: string;
  /** A pool to share; the app does not close it. */
  sql?: postgres.Sql;
  jwtSecret: string;
  /** The service's public URL, e.g. http://127.0.0.1:54321/auth/v1: the tokens' `iss`, the redirects' base. */
  externalUrl: string;
  /** Sign user tokens ES256 with this private JWK (with `kid`) and publish it in the JWKS. */
  es256PrivateJwk?: JWK;
  rateLimits?: Partial<RateLimits>;
  /** The clock (tests move it to pass the refresh-token reuse window). */
  now?: () => Date;
  /** Settings to start from instead of supabase/config.toml `[auth]`. */
  settings?: AuthSettings;
  /** The opaque `sb_secret_…` keys: each is the service role (Kong's mapping on `supabase start`). */
  secretKeys?: string[];
  /** The opaque `sb_publishable_…` keys: each is anon. */
  publishableKeys?: string[];
  /**
   * Hosted Auth's `security_sb_forwarded_for_enabled` (default true here): a caller with a
   * secret key may name the end user's address in `Sb-Forwarded-For` for rate limits.
   */
  sbForwardedForEnabled?: boolean;
  /**
   * Google sign-in: real Google (OpenID Connect) with these settings, `'off'` for none, or
   * (unset) the local stand-in page, which vouches for no address.
   */
  google?: GoogleSettings | 'off';
  /** Where Auth's mail goes (recovery, e-mail change, confirmations). */
  mailer?: Mailer;
}

/** GoTrue's default request body limit. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface AuthApp extends Hono {
  /** Closes the database pool the app opened. */
  close(): Promise<void>;
  /** Replaces the database pool the app opened with a fresh one (after Postgres restarted). */
  renewPool(): Promise<void>;
  readonly settings: AuthSettings;
}

/** config.toml `[auth]` (or `options.settings`) with the options given here laid over it. */
function settingsOf(options: AuthAppOptions): AuthSettings {
  const base = options.settings ?? loadAuthSettings();
  return {
    ...base,
    ...Object.fromEntries(
      Object.entries(options).filter(([key, value]) => value !== undefined && key in base && key !== 'rateLimits'),
    ),
    rateLimits: { ...base.rateLimits, ...options.rateLimits },
  };
}

/** What every route shares; the signing keys start as the HS256 secret alone (see createAuthApp). */
function contextOf(options: AuthAppOptions, settings: AuthSettings, sql: postgres.Sql): AuthContext {
  const now = options.now ?? (() => new Date());
  return {
    sql,
    keys: { secret: new TextEncoder().encode(options.jwtSecret) },
    settings,
    externalUrl: options.externalUrl.replace(/\/+$/, ''),
    now,
    apiKeys: { secret: keyDigests(options.secretKeys ?? []), publishable: keyDigests(options.publishableKeys ?? []) },
    sbForwardedForEnabled: options.sbForwardedForEnabled ?? true,
    google: typeof options.google === 'object' ? googleSignIn(options.google, options.jwtSecret, now) : undefined,
    googleOff: options.google === 'off',
    limiter: new RateLimiter(settings.rateLimits.windowSeconds, now),
    mailAsked: new Map(),
  };
}

/**
 * The local Auth service: the slice of GoTrue's HTTP API that supabase-js uses, with users
 * in the real auth schema. Mount it at /auth/v1 (the gateway strips the prefix).
 */
export function createAuthApp(options: AuthAppOptions): AuthApp {
  const settings = settingsOf(options);
  const ownsPool = !options.sql;
  const openPool = () =>
    postgres(options.databaseUrl ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres', {
      max: 10,
      idle_timeout: 30,
      // An unreachable database answers 503 in seconds rather than holding requests for postgres.js's 30.
      connect_timeout: 10,
      onnotice: () => {},
    });
  const ctx = contextOf(options, settings, options.sql ?? openPool());
  const keysReady = loadSigningKeys(options.jwtSecret, options.es256PrivateJwk).then((keys) => {
    ctx.keys = keys;
  });

  const app = new Hono();
  app.use('*', async (c, next) => {
    await keysReady;
    await next();
    c.res.headers.set(API_VERSION_HEADER, API_VERSION);
  });
  app.use(
    '*',
    bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: () => {
        const response = errorResponse(requestTooLarge('1 MB'));
        // The rest of the body is never read, so this connection cannot carry another request.
        response.headers.set('connection', 'close');
        return response;
      },
    }),
  );
  app.use('*', async (c, next) => {
    checkApiKeys(ctx, c);
    await next();
  });
  app.onError(errorReply);

  app.route('/', serviceRoutes(ctx));
  app.route('/', signupRoutes(ctx, options.mailer));
  app.route('/', sessionRoutes(ctx));
  app.route('/', oauthRoutes(ctx));
  app.route('/', userRoutes(ctx, options.mailer));
  app.route('/', mailFlowRoutes(ctx, options.mailer));
  app.route('/', verifyRoutes(ctx, options.mailer));
  app.route('/', reauthenticateRoutes(ctx, options.mailer));
  app.route('/admin', adminRoutes(ctx));
  app.notFound(() => errorResponse(new AuthError(404, 'not_found', 'Not found')));

  return Object.assign(app, {
    settings,
    async close() {
      await keysReady.catch(() => {});
      if (ownsPool) await ctx.sql.end({ timeout: 5 });
    },
    async renewPool() {
      // After a Postgres restart: new requests get a fresh pool at once, the old one drains.
      if (!ownsPool) return;
      const old = ctx.sql;
      ctx.sql = openPool();
      await old.end({ timeout: 5 });
    },
  });
}
