import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import postgres from 'postgres';
import type { JWK } from 'jose';
import { z } from 'zod';
import { adminRoutes } from './admin.ts';
import type { AuthContext } from './context.ts';
import {
  API_VERSION,
  API_VERSION_HEADER,
  AuthError,
  errorResponse,
  fromDatabaseError,
  invalidCredentials,
  requestTooLarge,
  validationFailed,
} from './errors.ts';
import { googleSignIn, type GoogleSettings } from './google.ts';
import { standInRoutes } from './google-stand-in.ts';
import { checkGuessThrottle, countedByCaller, recordGuess } from './guess-throttle.ts';
import { mailFlowRoutes, sendConfirmation } from './mail-flows.ts';
import type { Mailer } from '../mail/types.ts';
import {
  allowedRedirect,
  authorizeUrl,
  completeSignIn,
  exchangeAuthCode,
  failSignIn,
} from './oauth.ts';
import { RateLimiter } from './rate-limit.ts';
import { reauthenticateRoutes } from './reauthenticate.ts';
import { checkApiKeys, clientOf, keyDigests, limitByAddress, readJson, requireUser } from './requests.ts';
import { endSessions, refreshSession, startSession } from './sessions.ts';
import { loadAuthSettings, type AuthSettings, type RateLimits } from './settings.ts';
import { jwks, loadSigningKeys } from './tokens.ts';
import { parse, userRoutes } from './user-routes.ts';
import { verifyRoutes } from './verify.ts';
import {
  MAX_PASSWORD_BYTES,
  checkNewPassword,
  findUserByEmail,
  findUserById,
  hashPassword,
  insertUser,
  loadUserJson,
  normaliseEmail,
  passwordMatches,
} from './users.ts';

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

const signupBody = z.object({
  email: z.string().optional(),
  password: z.string().optional(),
  phone: z.string().optional(),
  data: z.record(z.string(), z.unknown()).nullish(),
});

/**
 * The local Auth service: the slice of GoTrue's HTTP API that supabase-js uses, with users
 * in the real auth schema. Mount it at /auth/v1 (the gateway strips the prefix).
 */
export function createAuthApp(options: AuthAppOptions): AuthApp {
  const base = options.settings ?? loadAuthSettings();
  const settings: AuthSettings = {
    ...base,
    ...Object.fromEntries(
      Object.entries(options).filter(([key, value]) => value !== undefined && key in base && key !== 'rateLimits'),
    ),
    rateLimits: { ...base.rateLimits, ...options.rateLimits },
  };
  const ownsPool = !options.sql;
  const openPool = () =>
    postgres(options.databaseUrl ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres', {
      max: 10,
      idle_timeout: 30,
      // An unreachable database answers 503 in seconds rather than holding requests for postgres.js's 30.
      connect_timeout: 10,
      onnotice: () => {},
    });
  const sql = options.sql ?? openPool();
  const now = options.now ?? (() => new Date());
  const limiter = new RateLimiter(settings.rateLimits.windowSeconds, now);
  const ctx: AuthContext = {
    sql,
    keys: { secret: new TextEncoder().encode(options.jwtSecret) },
    settings,
    externalUrl: options.externalUrl.replace(/\/+$/, ''),
    now,
    apiKeys: { secret: keyDigests(options.secretKeys ?? []), publishable: keyDigests(options.publishableKeys ?? []) },
    sbForwardedForEnabled: options.sbForwardedForEnabled ?? true,
    google: typeof options.google === 'object' ? googleSignIn(options.google, options.jwtSecret, now) : undefined,
    googleOff: options.google === 'off',
    limiter,
    mailAsked: new Map(),
  };
  const keysReady = loadSigningKeys(options.jwtSecret, options.es256PrivateJwk).then((keys) => {
    ctx.keys = keys;
  });
  const limit = (c: Context, bucket: 'signInSignUps' | 'tokenRefresh') => limitByAddress(ctx, c, bucket);

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

  app.onError((error, c) => {
    if (error instanceof AuthError) return errorResponse(error);
    const code = (error as { code?: string }).code;
    if (code === '23505') return errorResponse(new AuthError(422, 'user_already_exists', 'User already registered'));
    const mapped = fromDatabaseError(error);
    if (mapped) {
      if (mapped.status >= 500) console.error(`auth: ${c.req.method} ${c.req.path}: database unavailable (${String(code)})`);
      return errorResponse(mapped);
    }
    console.error(`auth: ${c.req.method} ${c.req.path} failed:`, error);
    return errorResponse(new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'));
  });

  app.get('/health', (c) =>
    c.json({ version: 'local', name: 'GoTrue', description: 'GoTrue is a user registration and authentication API' }),
  );

  app.get('/settings', (c) =>
    c.json({
      external: {
        anonymous_users: false,
        apple: false,
        azure: false,
        bitbucket: false,
        discord: false,
        facebook: false,
        figma: false,
        github: false,
        gitlab: false,
        google: !ctx.googleOff,
        keycloak: false,
        kakao: false,
        linkedin_oidc: false,
        notion: false,
        spotify: false,
        slack_oidc: false,
        twitch: false,
        twitter: false,
        workos: false,
        zoom: false,
        email: true,
        phone: false,
      },
      disable_signup: !settings.enableSignup,
      mailer_autoconfirm: !settings.enableConfirmations,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }),
  );

  app.get('/.well-known/jwks.json', (c) => {
    c.header('Cache-Control', 'public, max-age=600');
    return c.json(jwks(ctx.keys));
  });

  app.post('/signup', async (c) => {
    if (!settings.enableSignup) throw new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance');
    limit(c, 'signInSignUps');
    const body = parse(signupBody, await readJson(c));
    if (!body.email && body.phone) throw new AuthError(400, 'phone_provider_disabled', 'Phone signups are disabled');
    if (!body.email) throw validationFailed('To signup, please provide your email');
    const email = normaliseEmail(body.email);
    if (!body.password) throw new AuthError(422, 'validation_failed', 'Signup requires a valid password');
    checkNewPassword(body.password, settings.minimumPasswordLength);
    const confirm = settings.enableConfirmations;
    const reply = await ctx.sql.begin(async (tx) => {
      if (await findUserByEmail(tx, email)) throw new AuthError(422, 'user_already_exists', 'User already registered');
      const time = ctx.now();
      const id = await insertUser(tx, {
        email,
        passwordHash: await hashPassword(tx, body.password!),
        // [auth.email] enable_confirmations: off, the address counts as confirmed at once.
        emailConfirmedAt: confirm ? null : time,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: { ...(body.data ?? {}), email_verified: !confirm },
        identity: { provider: 'email', data: { email, email_verified: !confirm, phone_verified: false } },
        now: time,
      });
      if (!confirm) return startSession(ctx, tx, id, 'password', 'email', clientOf(ctx, c));
      // As GoTrue with confirmations on: the user, no session, and a mail with the link.
      const user = (await findUserById(tx, id, true))!;
      await sendConfirmation(ctx, tx, options.mailer, user, allowedRedirect(settings, c.req.query('redirect_to')), c);
      return loadUserJson(tx, id);
    });
    return c.json(reply);
  });

  app.post('/token', async (c) => {
    const grant = c.req.query('grant_type');
    const client = clientOf(ctx, c);
    if (grant === 'password') {
      limit(c, 'signInSignUps');
      const body = await readJson(c);
      const { email, password } = body;
      if (typeof email !== 'string' || !email.trim()) {
        throw validationFailed(typeof body.phone === 'string' && body.phone ? 'Phone logins are disabled' : 'missing email or phone');
      }
      // One guessing throttle with /api/auth/login (which counts its own calls itself).
      const counted = !countedByCaller(ctx, c);
      if (counted) await checkGuessThrottle(ctx, email.trim(), client.ip);
      let refused = false;
      const session = await ctx.sql
        .begin(async (tx) => {
          const user = await findUserByEmail(tx, email.trim());
          // One bcrypt comparison whatever happens (a dummy hash when there is no user), so
          // the time a refusal takes does not say whether the e-mail has an account. A
          // password past bcrypt's 72 bytes could only match by truncation: never.
          const usable = typeof password === 'string' && Buffer.byteLength(password, 'utf8') <= MAX_PASSWORD_BYTES;
          const matches = await passwordMatches(tx, user?.encrypted_password, usable ? password : '');
          if (!user || !usable || !matches) {
            refused = true;
            throw invalidCredentials();
          }
          if (!user.email_confirmed_at) throw new AuthError(400, 'email_not_confirmed', 'Email not confirmed');
          if (user.banned_until && user.banned_until > ctx.now()) throw new AuthError(400, 'user_banned', 'User is banned');
          return startSession(ctx, tx, user.id, 'password', 'email', client);
        })
        .catch(async (error: unknown) => {
          if (counted && refused) await recordGuess(ctx, email.trim(), client.ip, false);
          throw error;
        });
      if (counted) await recordGuess(ctx, email.trim(), client.ip, true);
      return c.json(session);
    }
    if (grant === 'refresh_token') {
      limit(c, 'tokenRefresh');
      const { refresh_token: token } = await readJson(c);
      if (typeof token !== 'string' || !token) throw validationFailed('refresh_token required');
      return c.json(await refreshSession(ctx, token));
    }
    if (grant === 'pkce') {
      limit(c, 'signInSignUps');
      const body = await readJson(c);
      return c.json(await exchangeAuthCode(ctx, body.auth_code, body.code_verifier, client));
    }
    throw validationFailed(`unsupported_grant_type: ${grant ?? 'missing grant_type'}`);
  });

  app.post('/logout', async (c) => {
    const scope = c.req.query('scope') ?? 'global';
    if (!['global', 'local', 'others'].includes(scope)) throw validationFailed(`Unsupported logout scope "${scope}"`);
    const { user, sessionId } = await requireUser(ctx, c);
    await endSessions(ctx, user.id, sessionId, scope);
    return c.body(null, 204);
  });

  // OAuth: /authorize → the local Google page → /callback → redirect_to (tokens or ?code=).
  app.get('/authorize', async (c) => {
    if (ctx.googleOff && c.req.query('provider') === 'google') throw validationFailed('Unsupported provider: provider is not enabled');
    const url = await authorizeUrl(ctx, c.req.query());
    if (c.req.query('skip_http_redirect') === 'true') return c.json({ url });
    return c.redirect(url, 302);
  });

  app.route('/local-google', standInRoutes(ctx));

  // Only a code-shaped error_code is passed on to the app (ours, from the stand-in page).
  const errorCodeOf = (value: string | undefined) => (value && /^[a-z_]{1,64}$/.test(value) ? value : undefined);
  const callback = async (c: Context, params: Record<string, string>) => {
    // A provider's return signs in (or up): counted with them per address.
    limit(c, 'signInSignUps');
    const state = params.state ?? '';
    if (params.error) {
      return c.redirect(await failSignIn(ctx, state, params.error, params.error_description ?? params.error, errorCodeOf(params.error_code)), 302);
    }
    return c.redirect(await completeSignIn(ctx, params, clientOf(ctx, c)), 302);
  };
  app.get('/callback', (c) => callback(c, c.req.query()));
  app.post('/callback', async (c) => {
    const form = await c.req.parseBody();
    const params = Object.fromEntries(Object.entries(form).filter(([, value]) => typeof value === 'string')) as Record<string, string>;
    return callback(c, params);
  });

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
