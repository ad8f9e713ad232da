import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { close, createApiApp } from './app.ts';
import { publicUrl, removeFiles } from '../storage-service.ts';

// The recordings routes' answers before any SQL runs (validation) and the Storage calls'
// failure paths, via app.request(): no server, no database.
const secret = 'unit-test-secret-with-at-least-32-characters!!';
const app = createApiApp();
const entryId = '6f1c3e5e-0000-4000-8000-000000000001';
const userId = '6f1c3e5e-0000-4000-8000-0000000000aa';
let token = '';

beforeAll(async () => {
  process.env.JWT_SECRET = secret;
  process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: 'sb_publishable_unit-test-key_0123456789' });
  process.env.API_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
  token = await new SignJWT({ sub: userId, role: 'authenticated', session_id: '6f1c3e5e-0000-4000-8000-0000000000bb' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime('1h')
    .sign(new TextEncoder().encode(secret));
});
afterAll(close);

const post = (path: string, body: unknown) =>
  app.request(path, {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  });
const path = `${userId}/${entryId}/take.webm`;

describe('recordings routes without a database', () => {
  it.each([
    [{ contentId: 'nope', path }, 'invalid_id', 'contentId'],
    [{ contentId: entryId }, 'recording_path_invalid', 'path'],
    [{ contentId: entryId, path: '' }, 'recording_path_invalid', 'path'],
    [{ contentId: entryId, path: 'x'.repeat(301) }, 'recording_path_invalid', 'path'],
    [{ contentId: entryId, path, durationMs: 0 }, 'recording_duration_invalid', 'durationMs'],
    [{ contentId: entryId, path, durationMs: 15_001 }, 'recording_duration_invalid', 'durationMs'],
    [{ contentId: entryId, path, durationMs: 1.5 }, 'recording_duration_invalid', 'durationMs'],
    [{ contentId: entryId, path, durationMs: '2000' }, 'recording_duration_invalid', 'durationMs'],
    [{ contentId: entryId, path, country: 7 }, 'unknown_country', 'country'],
  ])('refuses addRecording %j with 400 %s', async (body, code, field) => {
    const response = await post('/api/recording/addRecording', body);
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ success: false, code, fieldCodes: { [field]: code } });
  });

  it('refuses NUL bytes and lone surrogates in the path as invalid_text', async () => {
    for (const raw of [`{"contentId":"${entryId}","path":"a\\u0000b"}`, `{"contentId":"${entryId}","path":"a\\ud800b"}`]) {
      const response = await post('/api/recording/addRecording', raw);
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: 'invalid_text', fieldCodes: { path: 'invalid_text' } });
    }
  });

  it('refuses a vote that is neither up nor down, or on no recording id', async () => {
    const sideways = await post('/api/recording/vote', { recordingId: entryId, voteType: 'sideways' });
    expect(sideways.status).toBe(400);
    expect(await sideways.json()).toMatchObject({ code: 'recording_vote_type_invalid' });
    const noId = await post('/api/recording/vote', { recordingId: 'x', voteType: 'up' });
    expect(noId.status).toBe(400);
    expect(await noId.json()).toMatchObject({ code: 'invalid_id', fieldCodes: { recordingId: 'invalid_id' } });
  });

  it('answers ids that are not uuids in the path as not found', async () => {
    const deleted = await app.request('/api/recording/not-a-uuid', { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    expect(deleted.status).toBe(404);
    expect(await deleted.json()).toMatchObject({ code: 'recording_not_found' });
    const listed = await app.request('/api/recording/getRecordings/not-a-uuid');
    expect(listed.status).toBe(404);
    expect(await listed.json()).toMatchObject({ code: 'entry_not_found' });
  });

  it('answers a dead database with 503, never a crash', async () => {
    const response = await post('/api/recording/addRecording', { contentId: entryId, path });
    expect(response.status).toBe(503);
    expect(await response.json()).toMatchObject({ code: 'database_unavailable' });
  });
});

describe('the Storage calls', () => {
  it('builds the public address of a file as getPublicUrl does', () => {
    process.env.SUPABASE_URL = 'https://project.example.com/';
    expect(publicUrl('recordings', path)).toBe(`https://project.example.com/storage/v1/object/public/recordings/${path}`);
  });

  it('leaves a file behind, logged, when Storage is unreachable or unconfigured', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      process.env.SUPABASE_URL = 'http://127.0.0.1:1';
      process.env.SUPABASE_SERVICE_ROLE_KEY = 'service-key';
      await expect(removeFiles('recordings', [path])).resolves.toBe(false);
      delete process.env.SUPABASE_SERVICE_ROLE_KEY;
      await expect(removeFiles('recordings', [path])).resolves.toBe(false);
      expect(logged).toHaveBeenCalledTimes(2);
      expect(String(logged.mock.calls[0][0])).toContain(path);
    } finally {
      logged.mockRestore();
    }
  });
});
