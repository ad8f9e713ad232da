import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, createApiApp } from './app.ts';

// Requests answered before any SQL runs (validation, tokens, keys, body size), and one
// that needs the database while none is there: via app.request(), no server.
const secret = 'unit-test-secret-with-at-least-32-characters!!';
const publishable = 'sb_publishable_unit-test-key_0123456789';
const app = createApiApp();

beforeAll(() => {
  process.env.JWT_SECRET = secret;
  process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: publishable });
  process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: 'sb_secret_unit-test-secret_0123456789' });
  // Nothing listens on port 1: every query fails to connect.
  process.env.API_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
});
afterAll(close);

const sign = (claims: Record<string, unknown>, key = secret) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key));

const post = (path: string, body: string, headers: Record<string, string> = {}) =>
  app.request(path, { method: 'POST', body, headers: { 'content-type': 'application/json', ...headers } });

describe('api app without a database', () => {
  it('rejects an invalid entry with every field’s code and message', async () => {
    const response = await post('/api/content/addContent', JSON.stringify({ title: ' ', description: '', country: 'Argentina' }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'title_required',
      message: 'Please enter a title.',
      errors: { title: 'Please enter a title.', description: 'Please enter a description.', country: 'Please select a country.' },
      fieldCodes: { title: 'title_required', description: 'description_required', country: 'country_required' },
    });
  });

  it('reads JSON sent without a content type', async () => {
    const response = await app.request('/api/tag/addTag', { method: 'POST', body: '{"name":""}' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'tag_name_required', fieldCodes: { name: 'tag_name_required' } });
  });

  it('answers a dead database with 503 and a clear message, and stays up', async () => {
    const body = JSON.stringify({ _id: '6f1c3e5e-0000-4000-8000-000000000001', title: 'x' });
    for (let i = 0; i < 3; i++) {
      const response = await app.request('/api/content/updateContent', { method: 'PUT', body });
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('5');
      expect(await response.json()).toEqual({
        success: false,
        code: 'database_unavailable',
        message: 'The service is temporarily unavailable. Please try again in a moment.',
      });
    }
  });

  it('rejects a token signed with another secret', async () => {
    const token = await sign({ sub: '6f1c3e5e-0000-4000-8000-000000000001', role: 'authenticated' }, 'another-secret-that-is-also-long-enough!!');
    const response = await app.request('/api/content/getContents', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('invalid_token');
  });

  it('rejects a token with an unknown role or no subject', async () => {
    for (const claims of [{ role: 'postgres' }, { role: 'authenticated' }, { role: 'authenticated', sub: 'not-a-uuid' }]) {
      const response = await app.request('/api/content/getContents', {
        headers: { authorization: `Bearer ${await sign(claims)}` },
      });
      expect(response.status).toBe(401);
    }
  });

  it('refuses the service role and every secret key, whole or in part', async () => {
    const secretKey = 'sb_secret_unit-test-secret_0123456789';
    const candidates = [
      await sign({ role: 'service_role' }),
      secretKey,
      secretKey.slice(0, 14),
      `${secretKey}x`,
      'sb_secret_',
      // Today's bug: any substring of the SUPABASE_SECRET_KEYS variable passed.
      'default',
    ];
    for (const token of candidates) {
      const response = await app.request('/api/user/getUsers', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, token).toBe(401);
      expect((await response.json()).code, token).toMatch(/^(secret_key_refused|invalid_token)$/);
    }
  });

  it('takes only the configured publishable key, whole', async () => {
    for (const token of [`${publishable}x`, publishable.slice(0, -1), 'sb_publishable_', 'sb_other_key']) {
      const response = await app.request('/api/content/getContents', { headers: { authorization: `Bearer ${token}` } });
      expect(response.status, token).toBe(401);
      expect((await response.json()).code).toBe('invalid_api_key');
    }
  });

  it('refuses a malformed Authorization header', async () => {
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer two tokens', 'Bearer a"b', 'Token abc']) {
      const response = await app.request('/api/content/getContents', { headers: { authorization: header } });
      expect(response.status, header).toBe(401);
    }
  });

  it.each([
    ['a NUL character', { title: 'ch\u0000ido', description: 'Cool.', country: 'MX' }, 'title'],
    ['a lone high surrogate', { title: 'chido', description: 'Cool \ud800.', country: 'MX' }, 'description'],
    ['a lone low surrogate', { title: 'chido', description: 'Cool.', country: 'MX', hint: '\udc00' }, 'hint'],
    ['a NUL in a key', { title: 'chido', description: 'Cool.', country: 'MX', 'x\u0000': 1 }, 'x?'],
  ])('refuses %s with 400, naming the field', async (_what, body, field) => {
    const response = await post('/api/content/addContent', JSON.stringify(body));
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'invalid_text', fieldCodes: { [field]: 'invalid_text' } });
  });

  // A URL carries UTF-8, so it cannot hold a lone surrogate; a NUL it can.
  it('refuses a NUL in the query string', async () => {
    for (const query of ['q=%00', 'q=a%00b', 'countries=A%00', 'cursor=%00']) {
      const response = await app.request(`/api/content/getContents?${query}`);
      expect(response.status, query).toBe(400);
    }
  });

  it('keeps a valid emoji (a surrogate pair)', async () => {
    const response = await post('/api/content/addContent', JSON.stringify({ title: '😀', description: '', country: 'MX' }));
    expect((await response.json()).fieldCodes).toEqual({ description: 'description_required' });
  });

  it('refuses a cursor with numbers past a Postgres integer', async () => {
    for (const cursor of [[2 ** 31, '2026-01-01T00:00:00Z', '6f1c3e5e-0000-4000-8000-000000000001'], [-(2 ** 31) - 1, '2026-01-01T00:00:00Z', '6f1c3e5e-0000-4000-8000-000000000001'], [1e308, 'x', 'y']]) {
      const encoded = btoa(JSON.stringify(cursor)).replace(/=+$/, '');
      const response = await app.request(`/api/content/getContents?cursor=${encoded}`);
      expect(response.status).toBe(400);
      expect((await response.json()).code).toBe('invalid_cursor');
    }
    expect((await app.request('/api/content/getContents?limit=99999999999999999999')).status).toBe(400);
  });

  it('answers a profile of a malformed id with 404 user_not_found, and a bad page with 400, before any SQL', async () => {
    for (const id of ['not-a-uuid', '1', "x'%20or%201=1", '6f1c3e5e-0000-4000-8000-00000000000g']) {
      const response = await app.request(`/api/user/getProfile/${id}`);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toMatchObject({ code: 'user_not_found', message: 'User not found.' });
    }
    const profile = '/api/user/getProfile/6f1c3e5e-0000-4000-8000-000000000001';
    const cursor = await app.request(`${profile}?cursor=${btoa(JSON.stringify(['yesterday', 'x']))}`);
    expect(cursor.status).toBe(400);
    expect((await cursor.json()).code).toBe('invalid_cursor');
    for (const limit of ['0', '101', 'ten', '2.5']) expect((await app.request(`${profile}?limit=${limit}`)).status, limit).toBe(400);
  });

  it('caps request bodies at 64 KB with a clear 413', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(70 * 1024), description: 'd', country: 'MX' });
    const response = await post('/api/content/addContent', big);
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ code: 'payload_too_large', message: 'The request is too large.' });
    // The same without a Content-Length, as a stream.
    const chunked = await app.request('/api/content/addContent', {
      method: 'POST',
      body: new Blob([big]).stream(),
      // @ts-expect-error Node's fetch needs duplex for a streamed body
      duplex: 'half',
    });
    expect(chunked.status).toBe(413);
  });

  it('refuses a Google return address that is not a plain http(s) URL', async () => {
    for (const target of ['javascript:alert(1)', 'http://user:pass@localhost:5173/', 'not a url', '//evil.example/']) {
      const response = await app.request(`/api/auth/google?redirectTo=${encodeURIComponent(target)}`);
      expect(response.status, target).toBe(400);
      expect((await response.json()).code).toBe('invalid_redirect');
    }
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await app.request('/api/nothing/here');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
  });
});
