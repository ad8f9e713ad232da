import { afterEach, describe, expect, it } from 'vitest';
import { chunkNames, decodeCookieValue, encodeCookieValue, MAX_CHUNK_SIZE, sessionCookieName, sessionFromCookies } from './session-cookie.ts';
import { originOf, requestOrigin, requestSite } from './origins.ts';

const savedUrl = process.env.SUPABASE_URL;
afterEach(() => {
  process.env.SUPABASE_URL = savedUrl;
  delete process.env.JERGA_SESSION_COOKIE_NAME;
});

const asCookies = (chunks: { name: string; value: string }[]) => Object.fromEntries(chunks.map((chunk) => [chunk.name, chunk.value]));

describe('the session cookie format (@supabase/ssr’s)', () => {
  it('is named after the project ref as supabase-js names its storage key', () => {
    process.env.SUPABASE_URL = 'https://abcdefghijklmnop.supabase.co';
    expect(sessionCookieName()).toBe('sb-abcdefghijklmnop-auth-token');
    process.env.SUPABASE_URL = 'http://127.0.0.1:54321';
    expect(sessionCookieName()).toBe('sb-127-auth-token');
    process.env.JERGA_SESSION_COOKIE_NAME = 'sb-custom-auth-token';
    expect(sessionCookieName()).toBe('sb-custom-auth-token');
  });

  it('writes a short value as one base64- cookie and reads it back', () => {
    const chunks = encodeCookieValue('sb-x-auth-token', '{"access_token":"a","refresh_token":"r","user":{"name":"Ñandú ✓"}}');
    expect(chunks).toHaveLength(1);
    expect(chunks[0].name).toBe('sb-x-auth-token');
    expect(chunks[0].value).toMatch(/^base64-[A-Za-z0-9_-]+$/);
    expect(decodeCookieValue(asCookies(chunks), 'sb-x-auth-token')).toContain('Ñandú ✓');
  });

  it('splits a long value into .0, .1, … of at most 3180 characters and joins them in order', () => {
    const value = JSON.stringify({ access_token: 'a'.repeat(5000), refresh_token: 'r', user: { name: 'é'.repeat(900) } });
    const chunks = encodeCookieValue('sb-x-auth-token', value);
    expect(chunks.length).toBeGreaterThan(2);
    expect(chunks.map((chunk) => chunk.name)).toEqual(chunks.map((_, i) => `sb-x-auth-token.${i}`));
    for (const chunk of chunks) expect(chunk.value.length).toBeLessThanOrEqual(MAX_CHUNK_SIZE);
    expect(decodeCookieValue(asCookies(chunks), 'sb-x-auth-token')).toBe(value);
    expect(chunkNames({ ...asCookies(chunks), 'sb-x-auth-token-code-verifier': 'v', 'sb-x-auth-token.x': 'y', other: 'z' }, 'sb-x-auth-token')).toEqual(
      chunks.map((chunk) => chunk.name),
    );
  });

  it('takes only what could be a session: anything else reads as none', () => {
    process.env.SUPABASE_URL = 'http://127.0.0.1:54321';
    const name = sessionCookieName();
    const encode = (value: unknown) => asCookies(encodeCookieValue(name, JSON.stringify(value)));
    expect(sessionFromCookies(encode({ access_token: 'a', refresh_token: 'r', expires_at: 1, user: {} }))).toMatchObject({ access_token: 'a', user: {} });
    expect(sessionFromCookies(encode({ access_token: 'a' }))).toBeNull();
    expect(sessionFromCookies(encode(['a']))).toBeNull();
    expect(sessionFromCookies({ [name]: 'base64-%%%' })).toBeNull();
    expect(sessionFromCookies({ [name]: `base64-${Buffer.from([0xff, 0xfe]).toString('base64url')}` })).toBeNull();
    expect(sessionFromCookies({ [name]: 'base64-' })).toBeNull();
    expect(sessionFromCookies({})).toBeNull();
  });
});

describe('the app’s origins', () => {
  const headers = (values: Record<string, string>) => new Headers(values);
  const app = new Set(['http://localhost:5173']);

  it('parses origins whole and refuses what is not an http(s) origin', () => {
    expect(originOf('http://localhost:5173/some/page?x=1')).toBe('http://localhost:5173');
    expect(originOf('https://Example.COM:443')).toBe('https://example.com');
    for (const text of ['javascript:alert(1)', 'http://*.example.com', 'http://user:pw@host', 'not a url', '', undefined]) expect(originOf(text)).toBeNull();
  });

  it('takes the request’s own origin from the trusted proxy’s right-most X-Forwarded entries', () => {
    expect(requestOrigin('http://127.0.0.1:54321/api/x', headers({ host: '127.0.0.1:54321' }))).toBe('http://127.0.0.1:54321');
    expect(
      requestOrigin('http://127.0.0.1:54321/api/x', headers({ host: '127.0.0.1:54321', 'x-forwarded-host': 'evil.example, app.example', 'x-forwarded-proto': 'http, https' })),
    ).toBe('https://app.example');
    expect(requestOrigin('http://127.0.0.1/api', headers({ 'x-forwarded-host': 'a b/c' }))).toBeNull();
  });

  it('calls a request same-origin only on the browser’s word: Sec-Fetch-Site or an Origin of the app', () => {
    expect(requestSite(headers({ 'sec-fetch-site': 'same-origin' }), app)).toBe('same');
    expect(requestSite(headers({ origin: 'http://localhost:5173' }), app)).toBe('same');
    expect(requestSite(headers({ origin: 'http://localhost:5173', 'sec-fetch-site': 'same-site' }), app)).toBe('same');
    expect(requestSite(headers({ origin: 'http://localhost:5173/' }), app)).toBe('foreign');
    expect(requestSite(headers({ origin: 'http://localhost:5173.evil.example' }), app)).toBe('foreign');
    expect(requestSite(headers({ origin: 'null' }), app)).toBe('foreign');
    expect(requestSite(headers({ 'sec-fetch-site': 'cross-site' }), app)).toBe('foreign');
    expect(requestSite(headers({}), app)).toBe('unknown');
  });
});
