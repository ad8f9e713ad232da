import { SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApiApp } from './app.ts';

// Requests that fail before any SQL runs: validation and authentication, via app.request().
const secret = 'unit-test-secret-with-at-least-32-characters!!';
const app = createApiApp();

beforeAll(() => {
  process.env.JWT_SECRET = secret;
});

const sign = (claims: Record<string, unknown>, key = secret) =>
  new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(key));

describe('api app without a database', () => {
  it('rejects an invalid entry with every field message', async () => {
    const response = await app.request('/api/content/addContent', {
      method: 'POST',
      body: JSON.stringify({ title: ' ', description: '', country: 'Argentina' }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      code: 'invalid_input',
      message: 'Please enter a title.',
      errors: { title: 'Please enter a title.', description: 'Please enter a description.', country: 'Please select a country.' },
    });
  });

  it('reads JSON sent without a content type', async () => {
    const response = await app.request('/api/tag/addTag', { method: 'POST', body: '{"name":""}' });
    // A guest is asked to log in before the body matters.
    expect(response.status).toBe(401);
    expect((await response.json()).message).toBe('Please log in to add a tag');
  });

  it('rejects a token signed with another secret', async () => {
    const token = await sign({ sub: '6f1c3e5e-0000-4000-8000-000000000001', role: 'authenticated' }, 'another-secret-that-is-also-long-enough!!');
    const response = await app.request('/api/content/getContents', { headers: { authorization: `Bearer ${token}` } });
    expect(response.status).toBe(401);
    expect((await response.json()).code).toBe('invalid_token');
  });

  it('rejects a token with an unknown role or no subject', async () => {
    for (const claims of [{ role: 'postgres' }, { role: 'authenticated' }]) {
      const response = await app.request('/api/content/getContents', {
        headers: { authorization: `Bearer ${await sign(claims)}` },
      });
      expect(response.status).toBe(401);
    }
  });

  it('asks a guest to log in before editing or deleting', async () => {
    const body = JSON.stringify({ _id: '6f1c3e5e-0000-4000-8000-000000000001', title: 'x' });
    const update = await app.request('/api/content/updateContent', { method: 'PUT', body });
    expect(update.status).toBe(401);
    const remove = await app.request('/api/content/deleteContent', { method: 'PUT', body });
    expect(remove.status).toBe(401);
  });

  it('answers unknown paths with a JSON 404', async () => {
    const response = await app.request('/api/nothing/here');
    expect(response.status).toBe(404);
    expect((await response.json()).code).toBe('not_found');
  });
});
