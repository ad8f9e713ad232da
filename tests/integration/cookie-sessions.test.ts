import { randomUUID } from 'node:crypto';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSql, api, closeAdminSql, signAccessToken, stack, testClientAddress } from '../support/stack.ts';

// Sessions the way the palabrotas client carries them: no Authorization header, the session in
// an HttpOnly cookie in @supabase/ssr's format, set by login/register/Google and read by
// every /api route; plus the cross-site request and CORS rules that cookies bring.

const cookieName = 'sb-127-auth-token';
const password = 'cookie-jar-pass-9';
const newEmail = () => `cookie-${randomUUID().slice(0, 8)}@test.jerga.local`;

interface SetCookie {
  name: string;
  value: string;
  attributes: Record<string, string | true>;
}

function parseSetCookie(line: string): SetCookie {
  const [pair, ...rest] = line.split(';');
  const eq = pair.indexOf('=');
  const attributes: Record<string, string | true> = {};
  for (const part of rest) {
    const [key, ...value] = part.trim().split('=');
    attributes[key.toLowerCase()] = value.length ? value.join('=') : true;
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

/** A browser's cookie store for the API's origin, as far as these tests need one. */
class Jar {
  cookies = new Map<string, string>();
  take(headers: Headers): SetCookie[] {
    const set = headers.getSetCookie().map(parseSetCookie);
    for (const cookie of set) {
      if (cookie.attributes['max-age'] === '0') this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return set;
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
  /** The session the cookie holds, decoded as @supabase/ssr does. */
  session(): Record<string, unknown> & { access_token: string; refresh_token: string } {
    const whole = this.cookies.get(cookieName) ?? [0, 1, 2, 3].map((i) => this.cookies.get(`${cookieName}.${i}`) ?? '').join('');
    expect(whole.startsWith('base64-')).toBe(true);
    return JSON.parse(Buffer.from(whole.slice('base64-'.length), 'base64url').toString('utf8'));
  }
}

const sameOrigin = () => ({ origin: stack().apiUrl });

/** Calls /api as the palabrotas client does: no Authorization, the jar's cookies, JSON. */
async function palabrotasCall<T = any>( // eslint-disable-line @typescript-eslint/no-explicit-any
  jar: Jar,
  path: string,
  options: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T; set: SetCookie[]; headers: Headers }> {
  const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress, ...options.headers };
  if (jar.cookies.size) headers.cookie = jar.header();
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack().apiUrl}/api${path}`, {
    method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
    redirect: 'manual',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON
  }
  return { status: response.status, body: body as T, set: jar.take(response.headers), headers: response.headers };
}

async function registeredLearner(name = 'Cora Cookie'): Promise<{ email: string; id: string }> {
  const email = newEmail();
  const reply = await api('/user/register', { body: { name, email, password, confirmPassword: password } });
  expect(reply.status).toBe(201);
  return { email, id: reply.body.user._id };
}

async function loggedInJar(email: string): Promise<Jar> {
  const jar = new Jar();
  const reply = await palabrotasCall(jar, '/auth/login', { body: { email, password }, headers: sameOrigin() });
  expect(reply.status).toBe(200);
  return jar;
}

const nameOf = async (id: string) => (await adminSql()<{ name: string }[]>`select name from public.profiles where id = ${id}`)[0].name;

afterAll(closeAdminSql);

describe('the session cookie', () => {
  let learner: { email: string; id: string };
  beforeAll(async () => {
    learner = await registeredLearner();
  });

  it('is set by login in @supabase/ssr’s format: HttpOnly, SameSite=Lax, Path=/, long-lived, not Secure over http', async () => {
    const jar = new Jar();
    const reply = await palabrotasCall(jar, '/auth/login', { body: { email: learner.email, password }, headers: sameOrigin() });
    expect(reply.status).toBe(200);
    expect(reply.body).toMatchObject({ authenticated: true, user: { _id: learner.id } });
    const written = reply.set.filter((cookie) => cookie.name === cookieName || cookie.name.startsWith(`${cookieName}.`));
    expect(written.length).toBeGreaterThan(0);
    for (const cookie of written) {
      expect(cookie.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': String(400 * 24 * 3600) });
      expect(cookie.attributes.secure).toBeUndefined();
      expect(cookie.value.length).toBeLessThanOrEqual(3180);
    }
    // One cookie, or chunks .0, .1, … in order when the value is longer than ssr's 3180.
    if (written.length > 1) expect(written.map((cookie) => cookie.name)).toEqual(written.map((_, i) => `${cookieName}.${i}`));
    const session = jar.session();
    expect(session).toMatchObject({ token_type: 'bearer', user: { id: learner.id, email: learner.email } });
    expect(decodeJwt(session.access_token).sub).toBe(learner.id);
    expect(typeof session.refresh_token).toBe('string');
  });

  it('says Secure when the browser came over https through the trusted proxy', async () => {
    const jar = new Jar();
    const reply = await palabrotasCall(jar, '/auth/login', {
      body: { email: learner.email, password },
      headers: { 'x-forwarded-proto': 'https', 'sec-fetch-site': 'same-origin' },
    });
    expect(reply.status).toBe(200);
    expect(reply.set.length).toBeGreaterThan(0);
    for (const cookie of reply.set) expect(cookie.attributes.secure).toBe(true);
  });

  it('is set by registration, and not for clients that carry their session in Authorization', async () => {
    const jar = new Jar();
    const email = newEmail();
    const registered = await palabrotasCall(jar, '/user/register', {
      body: { name: 'Rita Register', email, password, confirmPassword: password },
      headers: { 'sec-fetch-site': 'same-origin' },
    });
    expect(registered.status).toBe(201);
    expect(jar.session()).toMatchObject({ user: { email } });
    expect((await palabrotasCall(jar, '/auth/getUser')).body.user).toMatchObject({ email, name: 'Rita Register' });
    const bearer = await api('/auth/login', { body: { email, password } });
    expect(bearer.status).toBe(200);
    expect(bearer.headers.getSetCookie()).toEqual([]);
  });

  it('makes every route act as the learner, and restores them on reload (getUser, authStatus)', async () => {
    const jar = await loggedInJar(learner.email);
    const me = await palabrotasCall(jar, '/auth/getUser');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ _id: learner.id, email: learner.email });
    const status = await palabrotasCall(jar, '/auth/authStatus');
    expect(status.body).toMatchObject({ isAuthenticated: true, user: { _id: learner.id } });
    const renamed = await palabrotasCall(jar, '/user/update', { body: { name: 'Cora Renamed' }, headers: { 'sec-fetch-site': 'same-origin' } });
    expect(renamed.status).toBe(200);
    expect(await nameOf(learner.id)).toBe('Cora Renamed');
    // Without the cookie the same browser is a guest.
    expect((await palabrotasCall(new Jar(), '/auth/getUser')).body.user).toBeNull();
    expect((await palabrotasCall(new Jar(), '/auth/authStatus')).body).toMatchObject({ isAuthenticated: false, user: null });
  });

  it('renews an expired access token with its refresh token and sets the new session', async () => {
    const jar = await loggedInJar(learner.email);
    const real = jar.session();
    const claims = decodeJwt(real.access_token);
    // The cookie as it stands an hour later: the access token past its expiry, the refresh token good.
    const expired = await signAccessToken({ id: learner.id, email: learner.email }, -120, claims.session_id as string);
    const stale = { ...real, access_token: expired, expires_at: Math.floor(Date.now() / 1000) - 120 };
    jar.cookies.clear();
    jar.cookies.set(cookieName, `base64-${Buffer.from(JSON.stringify(stale)).toString('base64url')}`);
    const me = await palabrotasCall(jar, '/auth/getUser');
    expect(me.status).toBe(200);
    expect(me.body.user).toMatchObject({ _id: learner.id });
    const renewed = jar.session();
    expect(renewed.access_token).not.toBe(expired);
    expect(renewed.refresh_token).not.toBe(real.refresh_token);
    expect((decodeJwt(renewed.access_token).exp ?? 0) * 1000).toBeGreaterThan(Date.now());
    // The renewed cookie goes on working.
    expect((await palabrotasCall(jar, '/auth/authStatus')).body).toMatchObject({ isAuthenticated: true });
  });

  it('clears a cookie whose renewal Auth refuses, and the request goes on as a guest', async () => {
    const expired = await signAccessToken({ id: learner.id, email: learner.email }, -120);
    const jar = new Jar();
    jar.cookies.set(`${cookieName}.0`, `base64-${Buffer.from(JSON.stringify({ access_token: expired, refresh_token: 'not-a-refresh-token', expires_at: 1 })).toString('base64url')}`);
    const me = await palabrotasCall(jar, '/auth/getUser');
    expect(me.status).toBe(200);
    expect(me.body.user).toBeNull();
    const cleared = me.set.find((cookie) => cookie.name === `${cookieName}.0`);
    expect(cleared?.attributes['max-age']).toBe('0');
    expect(jar.cookies.size).toBe(0);
    // A cookie that is not a session at all: the same.
    const garbage = new Jar();
    garbage.cookies.set(cookieName, 'base64-!!!');
    const status = await palabrotasCall(garbage, '/auth/authStatus');
    expect(status.body).toMatchObject({ isAuthenticated: false });
    expect(status.set.find((cookie) => cookie.name === cookieName)?.attributes['max-age']).toBe('0');
  });

  it('is cleared when the session it holds has ended elsewhere', async () => {
    const jar = await loggedInJar(learner.email);
    const { access_token: accessToken } = jar.session();
    expect((await api('/auth/logout', { method: 'POST', token: accessToken })).status).toBe(200);
    const me = await palabrotasCall(jar, '/auth/getUser');
    expect(me.status).toBe(401);
    expect(me.body).toMatchObject({ code: 'session_ended' });
    expect(me.set.length).toBeGreaterThan(0);
    for (const cookie of me.set) expect(cookie.attributes['max-age']).toBe('0');
    expect(jar.cookies.size).toBe(0);
  });

  it('is cleared when the learner deletes their account', async () => {
    const leaving = await registeredLearner('Dora Delete');
    const jar = await loggedInJar(leaving.email);
    const deleted = await palabrotasCall(jar, '/user/deleteAccount', { body: { currentPassword: password }, headers: sameOrigin() });
    expect(deleted.status).toBe(200);
    expect(deleted.set.length).toBeGreaterThan(0);
    for (const cookie of deleted.set) expect(cookie.attributes['max-age']).toBe('0');
    expect(jar.cookies.size).toBe(0);
  });

  it('is cleared by logout (every chunk), which ends the session in Auth so the token is refused everywhere', async () => {
    const jar = await loggedInJar(learner.email);
    const { access_token: accessToken } = jar.session();
    // A chunk left over from an older, larger session is cleared too.
    jar.cookies.set(`${cookieName}.1`, 'left-over');
    const sent = [...jar.cookies.keys()];
    const out = await palabrotasCall(jar, '/auth/logout', { method: 'POST', headers: sameOrigin() });
    expect(out.status).toBe(200);
    for (const name of sent) expect(out.set.find((cookie) => cookie.name === name)?.attributes['max-age'], name).toBe('0');
    expect(jar.cookies.size).toBe(0);
    const after = await api('/auth/getUser', { token: accessToken });
    expect(after.status).toBe(401);
    expect(after.body).toMatchObject({ code: 'session_ended' });
    expect((await api('/auth/authStatus', { token: accessToken })).body).toMatchObject({ isAuthenticated: false });
  });
});

describe('cross-site requests with the cookie', () => {
  let learner: { email: string; id: string };
  let jar: Jar;
  beforeAll(async () => {
    learner = await registeredLearner('Sara Samesite');
    jar = await loggedInJar(learner.email);
  });

  it('refuses a change from a foreign Origin with 403, and changes nothing', async () => {
    const reply = await palabrotasCall(jar, '/user/update', { body: { name: 'Evil Rename' }, headers: { origin: 'https://evil.example' } });
    expect(reply.status).toBe(403);
    expect(reply.body).toMatchObject({ code: 'cross_site_request', message: 'This request came from another site. Please use the app itself.' });
    expect(await nameOf(learner.id)).toBe('Sara Samesite');
  });

  it('refuses a change with Sec-Fetch-Site cross-site and no Origin, or with neither header', async () => {
    for (const headers of [{ 'sec-fetch-site': 'cross-site' }, { 'sec-fetch-site': 'same-site' }, {}, { origin: 'null' }] as Record<string, string>[]) {
      const reply = await palabrotasCall(jar, '/user/update', { body: { name: 'Evil Rename' }, headers });
      expect(reply.status, JSON.stringify(headers)).toBe(403);
      expect(reply.body.code).toBe('cross_site_request');
    }
    // Logging someone out is a change too.
    expect((await palabrotasCall(jar, '/auth/logout', { method: 'POST', headers: { origin: 'http://localhost:1' } })).status).toBe(403);
    expect(await nameOf(learner.id)).toBe('Sara Samesite');
    expect((await palabrotasCall(jar, '/auth/getUser')).body.user).toMatchObject({ _id: learner.id });
  });

  it('accepts a change from the app’s own origin: the request’s own, SITE_URL’s, JERGA_APP_ORIGINS’s, or Sec-Fetch-Site same-origin', async () => {
    for (const [headers, name] of [
      [{ origin: stack().apiUrl }, 'Sara One'],
      [{ origin: 'http://localhost:5173' }, 'Sara Two'],
      [{ 'sec-fetch-site': 'same-origin', origin: 'http://localhost:4000' }, 'Sara Three'],
      // The palabrotas client on its own dev server (port 3000): one of the local stack's app origins.
      [{ origin: 'http://localhost:3000' }, 'Sara Four'],
    ] as const) {
      const reply = await palabrotasCall(jar, '/user/update', { body: { name }, headers });
      expect(reply.status, JSON.stringify(headers)).toBe(200);
      expect(await nameOf(learner.id)).toBe(name);
    }
  });

  it('knows the app’s origin behind its web server (X-Forwarded-Host through the trusted proxies)', async () => {
    const web = stack().webUrl;
    const call = (path: string, init: RequestInit & { headers: Record<string, string> }) => fetch(`${web}/api${path}`, { ...init, redirect: 'manual' });
    const login = await call('/auth/login', {
      method: 'POST',
      headers: { origin: web, 'content-type': 'application/json' },
      body: JSON.stringify({ email: learner.email, password }),
    });
    expect(login.status).toBe(200);
    const webJar = new Jar();
    webJar.take(login.headers);
    const renamed = await call('/user/update', {
      method: 'POST',
      headers: { origin: web, 'content-type': 'application/json', cookie: webJar.header() },
      body: JSON.stringify({ name: 'Sara Web' }),
    });
    expect(renamed.status).toBe(200);
    expect(await nameOf(learner.id)).toBe('Sara Web');
    const foreign = await call('/user/update', {
      method: 'POST',
      headers: { origin: stack().apiUrl.replace('127.0.0.1', 'localhost'), 'content-type': 'application/json', cookie: webJar.header() },
      body: JSON.stringify({ name: 'Sara Elsewhere' }),
    });
    expect(foreign.status).toBe(403);
    expect(await nameOf(learner.id)).toBe('Sara Web');
  });

  it('lets reads through from anywhere (they change nothing), and leaves bearer-token requests alone', async () => {
    expect((await palabrotasCall(jar, '/auth/getUser', { headers: { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } })).status).toBe(200);
    const token = jar.session().access_token;
    const bearer = await api('/user/update', { body: { name: 'Sara Bearer' }, token, headers: { origin: 'https://evil.example' } });
    expect(bearer.status).toBe(200);
    expect(await nameOf(learner.id)).toBe('Sara Bearer');
  });

  it('refuses a sign-in or registration that a foreign page sends (login CSRF)', async () => {
    const foreign = await palabrotasCall(new Jar(), '/auth/login', { body: { email: learner.email, password }, headers: { origin: 'https://evil.example' } });
    expect(foreign.status).toBe(403);
    expect(foreign.set).toEqual([]);
    const crossSite = await palabrotasCall(new Jar(), '/user/register', {
      body: { name: 'X', email: newEmail(), password, confirmPassword: password },
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    expect(crossSite.status).toBe(403);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${stack().apiUrl}/api/user/update`, {
      method: 'OPTIONS',
      headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    });

  it('never allows credentials to a foreign origin', async () => {
    const reply = await preflight('https://evil.example');
    expect(reply.status).toBe(204);
    expect(reply.headers.get('access-control-allow-origin')).toBe('*');
    expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
    const get = await fetch(`${stack().apiUrl}/api/auth/authStatus`, { headers: { origin: 'https://evil.example' } });
    expect(get.headers.get('access-control-allow-origin')).toBe('*');
    expect(get.headers.get('access-control-allow-credentials')).toBeNull();
  });

  it('gives no origin credentials, not even the app’s own (it calls /api on its own origin, no CORS needed)', async () => {
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:5173']) {
      const reply = await preflight(origin);
      expect(reply.headers.get('access-control-allow-origin')).toBe('*');
      expect(reply.headers.get('access-control-allow-credentials')).toBeNull();
    }
  });
});

describe('GET /api/auth/google without redirectTo', () => {
  it('goes through the local Google page and ends back in the app signed in by cookie', async () => {
    const jar = new Jar();
    const appOrigin = 'http://localhost:3000';
    // Palabrotas' button: a navigation from its login page, same origin (through its Vite proxy).
    const start = await palabrotasCall(jar, '/auth/google', { headers: { referer: `${appOrigin}/login`, 'sec-fetch-site': 'same-origin' } });
    expect(start.status).toBe(302);
    const verifier = start.set.find((cookie) => cookie.name === `${cookieName}-code-verifier`);
    expect(verifier?.attributes).toMatchObject({ httponly: true, samesite: 'Lax', path: '/', 'max-age': '600' });
    const authorize = new URL(start.headers.get('location')!);
    expect(authorize.origin + authorize.pathname).toBe(`${stack().apiUrl}/auth/v1/authorize`);
    expect(authorize.searchParams.get('redirect_to')).toBe(`${appOrigin}/api/auth/google/callback`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('s256');

    // Auth → the stand-in page → the person consents → Auth's callback → back to the app.
    const page = await fetch(authorize, { redirect: 'manual' });
    expect(page.status).toBe(302);
    const standIn = new URL(page.headers.get('location')!);
    const email = newEmail();
    const consent = await fetch(`${standIn.origin}${standIn.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ state: standIn.searchParams.get('state')!, redirect_uri: standIn.searchParams.get('redirect_uri')!, email, name: 'Gala Google' }),
      redirect: 'manual',
    });
    expect(consent.status).toBe(302);
    const callback = await fetch(consent.headers.get('location')!, { redirect: 'manual' });
    expect(callback.status).toBe(302);
    const back = new URL(callback.headers.get('location')!);
    expect(back.origin + back.pathname).toBe(`${appOrigin}/api/auth/google/callback`);
    expect(back.searchParams.get('code')).toBeTruthy();

    // The app's origin proxies /api to us (as palabrotas' Vite proxy does).
    const finished = await palabrotasCall(jar, `/auth/google/callback${back.search}`);
    expect(finished.status).toBe(302);
    expect(finished.headers.get('location')).toBe('/');
    expect(finished.set.find((cookie) => cookie.name === `${cookieName}-code-verifier`)?.attributes['max-age']).toBe('0');
    expect(jar.session()).toMatchObject({ user: { email } });
    const me = await palabrotasCall(jar, '/auth/getUser');
    expect(me.body.user).toMatchObject({ email, name: 'Gala Google' });
  });

  it('sends the browser to the login page when the code cannot be traded (no verifier, or a used code)', async () => {
    const noVerifier = await palabrotasCall(new Jar(), '/auth/google/callback?code=whatever');
    expect(noVerifier.status).toBe(302);
    expect(noVerifier.headers.get('location')).toMatch(/^\/login\?error=/);
    expect(noVerifier.set.find((cookie) => cookie.name === cookieName)).toBeUndefined();
    const refused = await palabrotasCall(new Jar(), '/auth/google/callback?error=access_denied&error_description=The%20user%20cancelled');
    expect(refused.headers.get('location')).toBe('/login?error=The%20user%20cancelled');
  });
});
