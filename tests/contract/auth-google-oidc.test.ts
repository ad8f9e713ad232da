import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { googleSignIn } from '../../stack/auth/google.ts';
import { googleFromEnv } from '../../stack/config.ts';
import { startFakeGoogle, type FakeGoogle, type GooglePerson } from '../support/fake-google.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { password, startAuthInstance, supabaseClient, uniqueEmail, type AuthInstance } from './support.ts';

// Real Google sign-in (OpenID Connect through openid-client) against a fake Google on
// 127.0.0.1: an Auth instance configured with its client id and secret.

let google: FakeGoogle;
let auth: AuthInstance;
const redirectTo = 'http://localhost:5173/auth/callback';

const person = (overrides: Partial<GooglePerson> = {}): GooglePerson => ({
  sub: String(100_000_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15))),
  email: uniqueEmail('oidc').toLowerCase(),
  email_verified: true,
  name: 'Guadalupe Real',
  ...overrides,
});

beforeAll(async () => {
  google = await startFakeGoogle(person());
  auth = await startAuthInstance({ google: { clientId: google.clientId, clientSecret: google.clientSecret, issuerUrl: google.issuer } });
});

beforeEach(() => {
  google.tamper = {};
});

afterAll(async () => {
  await auth?.close();
  await google?.close();
  await closeAdminSql();
});

const client = (flowType: 'implicit' | 'pkce' = 'implicit') => supabaseClient({ url: auth.url, flowType });

/** /authorize → Google (consents) → the callback URL Google sends the browser to. */
async function throughGoogle(flowType: 'implicit' | 'pkce' = 'implicit') {
  const supabase = client(flowType);
  const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
  const authorize = await fetch(data.url!, { redirect: 'manual' });
  expect(authorize.status).toBe(302);
  const atGoogle = new URL(authorize.headers.get('location')!);
  const consented = await fetch(atGoogle, { redirect: 'manual' });
  expect(consented.status).toBe(302);
  return { supabase, atGoogle, callback: new URL(consented.headers.get('location')!) };
}

/** Follows the callback: where Auth sends the browser back to. */
async function back(callback: URL): Promise<URL> {
  const response = await fetch(callback, { redirect: 'manual' });
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

async function signIn(who: GooglePerson): Promise<URL> {
  google.person = who;
  return back((await throughGoogle()).callback);
}

async function identities(userId: string) {
  return adminSql()`select provider, provider_id from auth.identities where user_id = ${userId} order by created_at, id`;
}

describe('real Google sign-in (OpenID Connect with openid-client)', () => {
  it('sends the browser to Google with state, nonce and PKCE (S256), and signs a new user in', async () => {
    const who = person({ name: 'Nuevo Real' });
    google.person = who;
    const { atGoogle, callback } = await throughGoogle();
    expect(atGoogle.origin).toBe(google.issuer);
    expect(atGoogle.searchParams.get('client_id')).toBe(google.clientId);
    expect(atGoogle.searchParams.get('redirect_uri')).toBe(`${auth.url}/auth/v1/callback`);
    expect(atGoogle.searchParams.get('scope')?.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));
    expect(atGoogle.searchParams.get('code_challenge_method')).toBe('S256');
    expect(atGoogle.searchParams.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(atGoogle.searchParams.get('nonce')).toBeTruthy();
    expect(atGoogle.searchParams.get('state')).toBeTruthy();
    // The verifier and nonce travel sealed: nothing in the state reads as them.
    expect(atGoogle.searchParams.get('state')).not.toContain(atGoogle.searchParams.get('nonce')!);

    const landed = await back(callback);
    expect(`${landed.origin}${landed.pathname}`).toBe(redirectTo);
    const fragment = fragmentOf(landed);
    expect(fragment.get('provider_token')).toMatch(/^ya29\.fake-/);
    expect(fragment.get('provider_refresh_token')).toMatch(/^1\/\/fake-/);
    const claims = decodeJwt(fragment.get('access_token')!);
    expect(claims.email).toBe(who.email);
    expect(claims.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(claims.user_metadata).toMatchObject({ email_verified: true, name: 'Nuevo Real', iss: google.issuer, sub: who.sub });
    expect(claims.user_metadata).not.toHaveProperty('local_stand_in');
    expect(await identities(claims.sub!)).toEqual([{ provider: 'google', provider_id: who.sub }]);

    // The same Google account comes back to the same user.
    const again = await signIn(who);
    expect(decodeJwt(fragmentOf(again).get('access_token')!).sub).toBe(claims.sub);
  });

  it('PKCE flow: supabase-js trades the code for a session carrying the provider token', async () => {
    google.person = person();
    const { supabase, callback } = await throughGoogle('pkce');
    const landed = await back(callback);
    const { data, error } = await supabase.auth.exchangeCodeForSession(landed.searchParams.get('code')!);
    expect(error).toBeNull();
    expect(data.session?.provider_token).toMatch(/^ya29\.fake-/);
    expect(data.user?.email).toBe(google.person.email);
  });

  it('links a Google-verified address to the existing account with it', async () => {
    const email = uniqueEmail('verified-link');
    const { data: signedUp } = await client().auth.signUp({ email, password });
    const who = person({ email: email.toUpperCase(), email_verified: true });
    const claims = decodeJwt(fragmentOf(await signIn(who)).get('access_token')!);
    expect(claims.sub).toBe(signedUp.user!.id);
    expect(claims.app_metadata).toEqual({ provider: 'email', providers: ['email', 'google'] });
    expect((await identities(claims.sub!)).map((row) => row.provider)).toEqual(['email', 'google']);
  });

  it('does not link an address Google has not verified: refused, the account untouched', async () => {
    const email = uniqueEmail('unverified-link');
    const { data: signedUp } = await client().auth.signUp({ email, password });
    const id = signedUp.user!.id;
    const [before] = await adminSql()`select raw_app_meta_data, raw_user_meta_data from auth.users where id = ${id}`;
    const landed = await signIn(person({ email, email_verified: false }));
    expect(landed.searchParams.get('error_code')).toBe('email_exists');
    expect(fragmentOf(landed).has('access_token')).toBe(false);
    expect((await identities(id)).map((row) => row.provider)).toEqual(['email']);
    const [after] = await adminSql()`select raw_app_meta_data, raw_user_meta_data from auth.users where id = ${id}`;
    expect(after).toEqual(before);

    // A new address Google has not verified still makes an account, marked unverified.
    const fresh = await signIn(person({ email_verified: false }));
    expect(decodeJwt(fragmentOf(fresh).get('access_token')!).user_metadata).toMatchObject({ email_verified: false });
  });

  it('refuses a bad state, a replayed code, a wrong nonce, another audience and a token signed by another key', async () => {
    google.person = person();
    const { callback } = await throughGoogle();
    const forged = new URL(callback);
    forged.searchParams.set('state', `${callback.searchParams.get('state')!.slice(0, -4)}AAAA`);
    const badState = await fetch(forged, { redirect: 'manual' });
    expect(badState.status).toBe(400);
    expect(await badState.json()).toMatchObject({ code: 'bad_oauth_state' });

    const first = await back(callback);
    expect(fragmentOf(first).has('access_token')).toBe(true);
    const replay = await back(callback);
    expect(replay.searchParams.get('error_code')).toBe('bad_oauth_callback');
    expect(fragmentOf(replay).has('access_token')).toBe(false);
    expect(google.refusals).toContain('Malformed auth code.');

    for (const tamper of [{ nonce: 'not-the-nonce-we-sent' }, { audience: 'someone-else.apps.googleusercontent.com' }, { otherKey: true }]) {
      google.tamper = tamper;
      const who = person();
      const landed = await signIn(who);
      expect(landed.searchParams.get('error_code'), JSON.stringify(tamper)).toBe('bad_oauth_callback');
      expect(fragmentOf(landed).has('access_token')).toBe(false);
      const [user] = await adminSql()`select id from auth.users where lower(email) = ${who.email}`;
      expect(user, JSON.stringify(tamper)).toBeUndefined();
    }
  });

  it('a state made by the stand-in (signed, not sealed) does not pass, and the stand-in page is 404', async () => {
    const page = await fetch(`${auth.url}/auth/v1/local-google/authorize?state=x&redirect_uri=${encodeURIComponent(`${auth.url}/auth/v1/callback`)}`);
    expect(page.status).toBe(404);
    const post = await fetch(`${auth.url}/auth/v1/local-google/authorize`, {
      method: 'POST',
      body: new URLSearchParams({ email: 'admin@jerga.local', state: 'x', redirect_uri: `${auth.url}/auth/v1/callback`, action: 'continue' }),
    });
    expect(post.status).toBe(404);
    // A state and code from the stack's stand-in are worth nothing here.
    const { data } = await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const standIn = new URL((await fetch(data.url!, { redirect: 'manual' })).headers.get('location')!);
    const callback = await fetch(`${auth.url}/auth/v1/callback?state=${encodeURIComponent(standIn.searchParams.get('state')!)}&code=x`, { redirect: 'manual' });
    expect(callback.status).toBe(400);
    expect(await callback.json()).toMatchObject({ code: 'bad_oauth_state' });
    const settings = await fetch(`${auth.url}/auth/v1/settings`, { headers: { apikey: stack().anonKey } });
    expect(((await settings.json()) as { external: { google: boolean } }).external.google).toBe(true);
  });

  it('allows plain HTTP only for an issuer on this machine', () => {
    expect(() => googleSignIn({ clientId: 'a', clientSecret: 'b', issuerUrl: 'http://accounts.google.com' }, stack().jwtSecret, () => new Date())).toThrow(
      /must be https/,
    );
    expect(() => googleSignIn({ clientId: 'a', clientSecret: 'b', issuerUrl: 'http://127.0.0.1:1' }, stack().jwtSecret, () => new Date())).not.toThrow();
  });

  it('reads GOOGLE_CLIENT_ID/GOOGLE_CLIENT_SECRET, config.toml [auth.external.google] and JERGA_GOOGLE=off', () => {
    const id = `${randomUUID()}.apps.googleusercontent.com`;
    expect(googleFromEnv({ GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: 's' }, {})).toEqual({ clientId: id, clientSecret: 's', issuerUrl: undefined });
    expect(() => googleFromEnv({ GOOGLE_CLIENT_ID: id }, {})).toThrow(/both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET/);
    const toml = { enabled: true, client_id: 'env(MY_GOOGLE_ID)', secret: 'env(MY_GOOGLE_SECRET)' };
    expect(googleFromEnv({ MY_GOOGLE_ID: id, MY_GOOGLE_SECRET: 't' }, toml)).toEqual({ clientId: id, clientSecret: 't', issuerUrl: undefined });
    expect(() => googleFromEnv({}, toml)).toThrow(/client_id or secret is empty/);
    expect(googleFromEnv({}, { ...toml, enabled: false })).toBeUndefined();
    expect(googleFromEnv({ JERGA_GOOGLE: 'off', GOOGLE_CLIENT_ID: id, GOOGLE_CLIENT_SECRET: 's' }, toml)).toBe('off');
  });
});
