import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createApiApp } from './app.ts';

// A session cookie whose access token has expired while Auth cannot be reached: the renewal
// fails fast, a read goes on as a guest's with the cookie kept, a change is refused with 503.
const secret = 'unit-test-secret-with-at-least-32-characters!!';
const app = createApiApp();
const saved: Record<string, string | undefined> = {};

beforeAll(() => {
  for (const name of ['JWT_SECRET', 'SUPABASE_URL', 'SUPABASE_ANON_KEY', 'API_DB_URL']) saved[name] = process.env[name];
  process.env.JWT_SECRET = secret;
  // Nothing listens on port 1.
  process.env.SUPABASE_URL = 'http://127.0.0.1:1';
  process.env.SUPABASE_ANON_KEY = 'anon-key';
  process.env.API_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
});
afterAll(async () => {
  for (const [name, value] of Object.entries(saved)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  await close();
});

async function expiredCookie(): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const accessToken = await new SignJWT({ role: 'authenticated', session_id: crypto.randomUUID() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(crypto.randomUUID())
    .setIssuedAt(now - 7200)
    .setExpirationTime(now - 3600)
    .sign(new TextEncoder().encode(secret));
  const session = { access_token: accessToken, refresh_token: 'some-refresh-token', expires_at: now - 3600 };
  return `sb-127-auth-token=base64-${Buffer.from(JSON.stringify(session)).toString('base64url')}`;
}

describe('a cookie session while Auth is unreachable', () => {
  it('reads as a guest and keeps the cookie', async () => {
    const started = Date.now();
    const response = await app.request('/api/auth/getUser', { headers: { cookie: await expiredCookie() } });
    expect(Date.now() - started).toBeLessThan(6000);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ user: null });
    expect(response.headers.getSetCookie()).toEqual([]);
  });

  it('refuses a change with 503 rather than doing it anonymously', async () => {
    const response = await app.request('/api/user/update', {
      method: 'POST',
      body: JSON.stringify({ name: 'Nobody' }),
      headers: { cookie: await expiredCookie(), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin' },
    });
    expect(response.status).toBe(503);
    expect((await response.json()).code).toBe('auth_unavailable');
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
