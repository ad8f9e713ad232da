import { createHash, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type postgres from 'postgres';
import { AuthError, validationFailed } from './errors.ts';
import type { AuthContext } from './context.ts';
import type { AuthSettings } from './settings.ts';
import { startSession, type Client, type SessionJson } from './sessions.ts';
import { signValue, verifyValue } from './tokens.ts';
import { insertIdentity, insertUser, localGoogleSubject, mergeMetadata, normaliseEmail, type Tx } from './users.ts';
import { ProviderRefused } from './google.ts';
import type { GoogleProfile, OAuthState } from './oauth-types.ts';

/** GoTrue keeps an OAuth state and a PKCE flow state for 5 minutes. */
const FLOW_LIFETIME_SECONDS = 300;

/** Matches GoTrue's redirect allow-list globs: `*` stops at `.` and `/`, `**` does not. */
function globMatches(pattern: string, value: string): boolean {
  let source = '';
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === '*' && pattern[i + 1] === '*') {
      source += '.*';
      i++;
    } else if (char === '*') source += '[^./]*';
    else if (char === '?') source += '[^./]';
    else source += char.replace(/[.+^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`).test(value);
}

const localWildcards = ['http://localhost:*/**', 'http://127.0.0.1:*/**'];

/**
 * `text` as an absolute http(s) URL without a user part, or null. Text that URL parsing
 * would have to repair (spaces, tabs or newlines, which it drops; a backslash, which it
 * reads as a slash) is refused rather than guessed at.
 */
function parseRedirect(text: string): URL | null {
  if ([...text].some((char) => char <= ' ' || char === '\x7f' || char === '\\')) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `http://localhost:1@evil/` is evil's page: a user part only ever disguises the host.
  if (url.username || url.password) return null;
  return url;
}

/** Same scheme, host and port as the allow-list entry or site URL `entry`. */
function sameOrigin(url: URL, entry: string): boolean {
  try {
    return new URL(entry).origin === url.origin;
  } catch {
    return false; // a malformed entry allows nothing
  }
}

/**
 * Where a flow may send the browser back to: `redirect_to` when its origin (scheme, host,
 * port, as parsed) is the site URL's or a plain allow-list entry's (config.toml
 * `additional_redirect_urls`), or when a glob entry matches its `scheme://host/path` (no
 * user part, query or fragment to hide a host in); otherwise the site URL. The URL
 * returned is the parsed one, so the redirect goes exactly where it was checked to go.
 */
export function allowedRedirect(settings: AuthSettings, redirectTo: string | undefined | null): string {
  const url = redirectTo ? parseRedirect(redirectTo) : null;
  if (!url) return settings.siteUrl;
  if (sameOrigin(url, settings.siteUrl)) return url.href;
  const entries = [...settings.additionalRedirectUrls, ...(settings.localRedirectWildcards ? localWildcards : [])];
  const target = `${url.protocol}//${url.host}${url.pathname}`;
  // `http://localhost:*` should match the bare origin too, not only `.../`.
  const targets = url.pathname === '/' ? [target, target.slice(0, -1)] : [target];
  const allowed = entries.some((entry) =>
    /[*?]/.test(entry) ? targets.some((value) => globMatches(entry, value)) : sameOrigin(url, entry),
  );
  return allowed ? url.href : settings.siteUrl;
}

const providerToken = () => `ya29.local-${randomBytes(24).toString('base64url')}`;

/** GET /authorize: where the browser goes first. Returns the URL of the (local) Google page. */
export async function authorizeUrl(ctx: AuthContext, query: Record<string, string>): Promise<string> {
  const provider = query.provider;
  if (!provider) throw validationFailed('Unsupported provider: missing provider');
  if (provider !== 'google') throw validationFailed(`Unsupported provider: provider ${provider} could not be found`);
  const referrer = allowedRedirect(ctx.settings, query.redirect_to);
  const state: OAuthState = { provider, referrer };
  const challenge = query.code_challenge;
  if (challenge) {
    const method = (query.code_challenge_method ?? '').toLowerCase();
    if (method !== 's256' && method !== 'plain') {
      throw validationFailed('PKCE flow requires code_challenge_method and code_challenge');
    }
    if (challenge.length < 43 || challenge.length > 128) {
      throw validationFailed('code challenge has to be between 43 and 128 characters');
    }
    const now = ctx.now();
    const id = randomUUID();
    await ctx.sql`
      insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
                                   authentication_method, created_at, updated_at)
      values (${id}, ${randomUUID()}, ${method}, ${challenge}, ${provider}, 'oauth', ${now}, ${now})`;
    state.flow_state_id = id;
  }
  const scopes = ['email', 'profile', ...(query.scopes ?? '').split(/[\s,]+/)].filter(Boolean);
  if (ctx.google) return ctx.google.start(`${ctx.externalUrl}/callback`, scopes, state);
  const target = new URL(`${ctx.externalUrl}/local-google/authorize`);
  target.searchParams.set('client_id', 'local-google');
  target.searchParams.set('redirect_uri', `${ctx.externalUrl}/callback`);
  target.searchParams.set('response_type', 'code');
  target.searchParams.set('scope', scopes.join(' '));
  target.searchParams.set('state', await signValue({ ...state }, ctx.keys, ctx.now(), FLOW_LIFETIME_SECONDS));
  return target.toString();
}

/** The callback's answer when the provider step worked: a code for PKCE, tokens otherwise. */
export async function completeSignIn(ctx: AuthContext, params: Record<string, string>, client: Client): Promise<string> {
  const flow = await readFlowState(ctx, params.state ?? '');
  let signedIn: { profile: GoogleProfile; providerToken: string; providerRefreshToken?: string };
  try {
    signedIn = ctx.google
      ? await ctx.google.finish(callbackUrlWith(ctx, params), flow.google!)
      : { profile: await standInProfile(ctx, params.code ?? ''), providerToken: providerToken() };
  } catch (error) {
    if (!(error instanceof ProviderRefused)) throw error;
    return errorRedirect(flow.referrer, 'invalid_request', 'bad_oauth_callback', error.message);
  }
  try {
    return await ctx.sql.begin(async (tx) => {
      const userId = await signInGoogleUser(ctx, tx, signedIn.profile);
      const token = signedIn.providerToken;
      if (flow.flow_state_id) {
        const now = ctx.now();
        const [row] = await tx<{ auth_code: string }[]>`
          update auth.flow_state
             set user_id = ${userId}, auth_code_issued_at = ${now}, updated_at = ${now}, provider_access_token = ${token},
                 provider_refresh_token = ${signedIn.providerRefreshToken ?? null}
           where id = ${flow.flow_state_id} and auth_code_issued_at is null
          returning auth_code`;
        if (!row) return errorRedirect(flow.referrer, 'invalid_request', 'flow_state_not_found', 'invalid flow state, no valid flow state found');
        const url = new URL(flow.referrer);
        url.searchParams.set('code', row.auth_code);
        return url.toString();
      }
      const session = await startSession(ctx, tx, userId, 'oauth', 'google', client, {
        provider_token: token,
        ...(signedIn.providerRefreshToken ? { provider_refresh_token: signedIn.providerRefreshToken } : {}),
      });
      return implicitRedirect(flow.referrer, session);
    });
  } catch (error) {
    if (error instanceof AuthError) return errorRedirect(flow.referrer, 'access_denied', error.code, error.message);
    throw error;
  }
}

/** The callback URL as the provider called it: openid-client reads `code`, `state` and `iss` from it. */
function callbackUrlWith(ctx: AuthContext, params: Record<string, string>): URL {
  const url = new URL(`${ctx.externalUrl}/callback`);
  for (const name of ['code', 'state', 'iss', 'error', 'error_description']) {
    if (params[name] !== undefined) url.searchParams.set(name, params[name]);
  }
  return url;
}

/** The state /authorize issued, or 400 bad_oauth_state. */
async function readFlowState(ctx: AuthContext, state: string): Promise<OAuthState> {
  const flow = ctx.google ? await ctx.google.openState(state) : await verifyValue<OAuthState>(state, ctx.keys, ctx.now());
  if (!flow || typeof flow.referrer !== 'string' || (ctx.google && !flow.google)) {
    throw new AuthError(400, 'bad_oauth_state', 'OAuth callback with invalid state');
  }
  return flow;
}

/** The person a stand-in page code names; it vouches for nothing about the address. */
async function standInProfile(ctx: AuthContext, code: string): Promise<GoogleProfile> {
  const claims = await verifyValue<{ email?: unknown; name?: unknown; sub?: unknown; aud?: unknown }>(code, ctx.keys, ctx.now());
  if (!claims || claims.aud !== 'local-google-code' || typeof claims.email !== 'string' || typeof claims.sub !== 'string') {
    throw new ProviderRefused('OAuth code is invalid or has expired');
  }
  const name = typeof claims.name === 'string' ? claims.name : '';
  return { sub: claims.sub, email: claims.email, name, picture: '', emailVerified: false, standIn: true };
}

/** Where a sign-in started with `state` returns the browser (its `redirect_to`), or null for a state that is not ours. */
export async function returnAddressOf(ctx: AuthContext, state: string): Promise<string | null> {
  const flow = await verifyValue<OAuthState>(state, ctx.keys, ctx.now());
  return typeof flow?.referrer === 'string' ? flow.referrer : null;
}

/** The callback's answer when the provider reported an error (e.g. the user cancelled). */
export async function failSignIn(ctx: AuthContext, state: string, error: string, description: string, errorCode?: string): Promise<string> {
  const flow = await readFlowState(ctx, state);
  return errorRedirect(flow.referrer, error, errorCode, description);
}

function implicitRedirect(referrer: string, session: SessionJson): string {
  const url = new URL(referrer);
  const fragment = new URLSearchParams();
  fragment.set('access_token', session.access_token);
  fragment.set('expires_at', String(session.expires_at));
  fragment.set('expires_in', String(session.expires_in));
  if (session.provider_refresh_token) fragment.set('provider_refresh_token', session.provider_refresh_token);
  if (session.provider_token) fragment.set('provider_token', session.provider_token);
  fragment.set('refresh_token', session.refresh_token);
  fragment.set('token_type', 'bearer');
  url.hash = fragment.toString();
  return url.toString();
}

/** GoTrue's redirect with `?error=&error_code=&error_description=`, mirrored in the fragment. */
export function errorRedirect(referrer: string, error: string, errorCode: string | undefined, description: string): string {
  const url = new URL(referrer);
  const params = new URLSearchParams();
  params.set('error', error);
  if (errorCode) params.set('error_code', errorCode);
  params.set('error_description', description);
  for (const [key, value] of params) url.searchParams.set(key, value);
  url.hash = params.toString();
  return url.toString();
}

/** The local Google page's "Continue": a short-lived code carrying who signed in. */
export async function googleCode(ctx: AuthContext, emailInput: unknown, nameInput: unknown): Promise<string> {
  const email = normaliseEmail(emailInput);
  const name = (typeof nameInput === 'string' && nameInput.trim()) || email.split('@')[0];
  return signValue(
    { email, name: name.slice(0, 100), sub: localGoogleSubject(email), aud: 'local-google-code' },
    ctx.keys,
    ctx.now(),
    60,
  );
}

/** What the stand-in page answers for an address it may not use: GoTrue's code for a taken address. */
export const standInRefused = () =>
  new AuthError(
    422,
    'email_exists',
    'This email address already has an account. The local Google stand-in cannot prove who owns an address, so it only signs in to accounts it created: sign in with your password instead.',
  );

/**
 * Whether the account was made by the stand-in page: its first identity is a stand-in one
 * (marked so, or from an older version: a Google identity whose subject is the one the
 * stand-in derives from its address). Anything else it may never enter.
 */
async function createdByStandIn(tx: Tx, userId: string): Promise<boolean> {
  const [first] = await tx<{ provider: string; provider_id: string; identity_data: Record<string, unknown> | null }[]>`
    select provider, provider_id, identity_data from auth.identities
     where user_id = ${userId} order by created_at, id limit 1`;
  if (!first || first.provider !== 'google') return false;
  if (first.identity_data?.local_stand_in === true) return true;
  const email = first.identity_data?.email;
  return typeof email === 'string' && first.provider_id === localGoogleSubject(email.trim().toLowerCase());
}

/** Every account the address belongs to, ignoring case: as the user's address or an identity's. */
async function holdersOf(tx: Tx, email: string): Promise<string[]> {
  const rows = await tx<{ id: string }[]>`
    select id from auth.users where lower(email) = ${email} and deleted_at is null
    union
    select user_id as id from auth.identities where lower(email) = ${email}`;
  return rows.map((row) => row.id);
}

/**
 * Whether the stand-in may sign `email` in: to the account its own identity for the address
 * made, or to a new account when no account has the address (ignoring case).
 */
async function standInMayEnter(tx: Tx, sub: string, email: string): Promise<boolean> {
  const [linked] = await tx<{ user_id: string }[]>`
    select user_id from auth.identities where provider = 'google' and provider_id = ${sub}`;
  if (linked) return createdByStandIn(tx, linked.user_id);
  return (await holdersOf(tx, email)).length === 0;
}

/** The stand-in page's check before it hands out a code (the callback checks again, in its transaction). */
export async function standInMayUse(ctx: AuthContext, emailInput: unknown): Promise<boolean> {
  const email = normaliseEmail(emailInput);
  return ctx.sql.begin((tx) => standInMayEnter(tx, localGoogleSubject(email), email));
}

/**
 * The user behind a Google identity, by GoTrue's linking rules (models/linking.go): the one
 * the identity is already linked to; else, when Google vouches for the address, the one
 * account with that address, now linked; else a new user. An address Google does not vouch
 * for never joins an existing account (GoTrue would make a separate one without an address;
 * here the sign-in is refused). The stand-in vouches for nothing, so it signs in only to
 * accounts it created and to new addresses. The provider's claims are merged into
 * user_metadata on every sign-in, as GoTrue does.
 */
async function signInGoogleUser(ctx: AuthContext, tx: Tx, google: GoogleProfile): Promise<string> {
  const now = ctx.now();
  const email = google.email.trim().toLowerCase();
  const data: Record<string, unknown> = {
    iss: google.standIn ? `${ctx.externalUrl}/local-google` : (google.issuer ?? 'https://accounts.google.com'),
    sub: google.sub,
    name: google.name,
    full_name: google.name,
    email,
    email_verified: google.emailVerified,
    phone_verified: false,
    provider_id: google.sub,
    avatar_url: google.picture,
    picture: google.picture,
    ...(google.standIn ? { local_stand_in: true } : {}),
  };
  const json = (value: Record<string, unknown>) => tx.json(value as postgres.JSONValue);
  // One sign-in per address at a time, so two stand-in tabs cannot both pass the checks below.
  await tx`select pg_advisory_xact_lock(hashtextextended(${`google-sign-in:${email}`}, 0))`;
  if (google.standIn && !(await standInMayEnter(tx, google.sub, email))) throw standInRefused();
  const [linked] = await tx<{ user_id: string }[]>`
    select user_id from auth.identities where provider = 'google' and provider_id = ${google.sub}`;
  let userId = linked?.user_id;
  if (userId) {
    await tx`update auth.identities set identity_data = ${json(data)}, last_sign_in_at = ${now}, updated_at = ${now}
              where provider = 'google' and provider_id = ${google.sub}`;
  } else {
    const holders = await holdersOf(tx, email);
    if (holders.length === 0) {
      return insertUser(tx, {
        email,
        passwordHash: null,
        // Confirmations are off locally (GoTrue's autoconfirm), whoever vouches for the address.
        emailConfirmedAt: now,
        appMetadata: { provider: 'google', providers: ['google'] },
        userMetadata: data,
        identity: { provider: 'google', providerId: google.sub, data },
        now,
      });
    }
    if (google.standIn) throw standInRefused();
    if (!google.emailVerified) {
      throw new AuthError(422, 'email_exists', 'Google has not verified this email address, so it cannot be linked to the existing account with it.');
    }
    if (holders.length > 1) throw new AuthError(422, 'email_exists', 'Multiple accounts with the same email address');
    userId = holders[0];
    await insertIdentity(tx, userId, 'google', google.sub, data, now);
  }
  const [user] = await tx<{ raw_app_meta_data: Record<string, unknown> | null; raw_user_meta_data: Record<string, unknown> | null; banned_until: Date | null }[]>`
    select raw_app_meta_data, raw_user_meta_data, banned_until from auth.users where id = ${userId} for update`;
  if (user.banned_until && user.banned_until > now) throw new AuthError(400, 'user_banned', 'User is banned');
  const app = user.raw_app_meta_data ?? {};
  const providers = Array.isArray(app.providers) ? (app.providers as string[]) : [];
  const appMetadata = {
    ...app,
    provider: app.provider ?? 'google',
    providers: providers.includes('google') ? providers : [...providers, 'google'],
  };
  await tx`update auth.users
              set raw_app_meta_data = ${json(appMetadata)},
                  raw_user_meta_data = ${json(mergeMetadata(user.raw_user_meta_data, data))},
                  email_confirmed_at = coalesce(email_confirmed_at, ${now}), updated_at = ${now}
            where id = ${userId}`;
  return userId;
}

/** POST /token?grant_type=pkce: trades the auth code and the verifier for a session. */
export async function exchangeAuthCode(ctx: AuthContext, authCode: unknown, verifier: unknown, client: Client) {
  if (typeof authCode !== 'string' || !authCode || typeof verifier !== 'string' || !verifier) {
    throw validationFailed('invalid request: both auth code and code verifier should be non-empty');
  }
  return ctx.sql.begin(async (tx) => {
    const [flow] = await tx<
      { id: string; user_id: string | null; code_challenge_method: string; code_challenge: string; provider_type: string; provider_access_token: string | null; provider_refresh_token: string | null; auth_code_issued_at: Date | null; authentication_method: string }[]
    >`select id, user_id, code_challenge_method, code_challenge, provider_type, provider_access_token, provider_refresh_token,
             auth_code_issued_at, authentication_method
        from auth.flow_state where auth_code = ${authCode} for update`;
    if (!flow || !flow.user_id || !flow.auth_code_issued_at) {
      throw new AuthError(404, 'flow_state_not_found', 'invalid flow state, no valid flow state found');
    }
    if (ctx.now().getTime() > flow.auth_code_issued_at.getTime() + FLOW_LIFETIME_SECONDS * 1000) {
      await tx`delete from auth.flow_state where id = ${flow.id}`;
      return { error: new AuthError(400, 'flow_state_expired', 'invalid flow state, flow state has expired') };
    }
    const expected =
      flow.code_challenge_method === 's256' ? createHash('sha256').update(verifier).digest('base64url') : verifier;
    const a = Buffer.from(expected);
    const b = Buffer.from(flow.code_challenge);
    if (a.length !== b.length || !timingSafeEqual(a, b)) {
      throw new AuthError(400, 'bad_code_verifier', 'code challenge does not match previously saved code verifier');
    }
    await tx`delete from auth.flow_state where id = ${flow.id}`;
    const session = await startSession(ctx, tx, flow.user_id, flow.authentication_method, flow.provider_type, client, {
      ...(flow.provider_access_token ? { provider_token: flow.provider_access_token } : {}),
      ...(flow.provider_refresh_token ? { provider_refresh_token: flow.provider_refresh_token } : {}),
    });
    return { session };
  }).then((result) => {
    if ('error' in result && result.error) throw result.error;
    return (result as { session: SessionJson }).session;
  });
}
