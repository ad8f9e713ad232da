import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { removeStoredFiles } from '../storage-service.ts';
import { close, createSweepApp } from './app.ts';

// The sweep function's door before any SQL runs (only the project's server keys, whole), and
// how queued files go to Storage: grouped by bucket, 100 names a request, counted from
// Storage's reply, and not sent on once a request has failed. Storage here is a small local
// HTTP server that answers as Storage does.

const secretKey = 'sb_secret_sweep-unit-test_0123456789';
const serviceRoleKey = 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoic2VydmljZV9yb2xlIn0.sweep-unit-test';
const app = createSweepApp();

let storage: Server;
let requests: { bucket: string; names: string[] }[] = [];
/** Buckets whose removals this Storage refuses (500). */
const refusing = new Set<string>();

beforeAll(async () => {
  storage = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const bucket = decodeURIComponent(request.url!.split('/').at(-1)!);
      const names = (JSON.parse(body) as { prefixes: string[] }).prefixes;
      requests.push({ bucket, names });
      response.setHeader('content-type', 'application/json');
      if (refusing.has(bucket)) {
        response.statusCode = 500;
        response.end('{"statusCode":"500","error":"internal","message":"down"}');
      } else {
        // Storage answers with the objects it removed: here every other one (the rest was gone already).
        response.end(JSON.stringify(names.filter((_, i) => i % 2 === 0).map((name) => ({ name, bucket_id: bucket }))));
      }
    });
  });
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve));
  process.env.SUPABASE_URL = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`;
  process.env.SUPABASE_SERVICE_ROLE_KEY = serviceRoleKey;
  process.env.SUPABASE_SECRET_KEYS = JSON.stringify({ default: secretKey });
  process.env.SWEEP_DB_URL = 'postgresql://authenticator:postgres@127.0.0.1:1/postgres';
});

afterAll(async () => {
  await close();
  await new Promise((resolve) => storage.close(resolve));
});

describe('the sweep function’s door', () => {
  it.each([
    ['no Authorization header', undefined],
    ['an empty bearer', 'Bearer '],
    ['a publishable key', 'Bearer sb_publishable_sweep-unit-test_0123456789'],
    ['the secret key with a character more', `Bearer ${secretKey}x`],
    ['the secret key less its last character', `Bearer ${secretKey.slice(0, -1)}`],
    ['a prefix of the service-role key', `Bearer ${serviceRoleKey.slice(0, 20)}`],
    ['Basic credentials', `Basic ${btoa(`x:${secretKey}`)}`],
  ])('refuses %s with 401 before any work', async (_label, authorization) => {
    const reply = await app.request('/sweep', { method: 'POST', headers: authorization ? { authorization } : {} });
    expect(reply.status).toBe(401);
    expect(await reply.json()).toMatchObject({ code: expect.stringMatching(/^invalid_(api_key|token)$/) });
  });
});

describe('removing queued files through Storage', () => {
  it('groups them by bucket, 100 names a request, and counts what Storage removed', async () => {
    requests = [];
    const files = [
      ...Array.from({ length: 150 }, (_, i) => ({ bucket_id: 'avatars', name: `u/${i}.png` })),
      { bucket_id: 'recordings', name: 'u/e/take.webm' },
    ];
    await expect(removeStoredFiles(files)).resolves.toEqual({ removed: 50 + 25 + 1, failed: 0 });
    expect(requests.map((sent) => [sent.bucket, sent.names.length])).toEqual([
      ['avatars', 100],
      ['avatars', 50],
      ['recordings', 1],
    ]);
  });

  it('stops at the first refused request and counts the rest as failed (left queued for the next tick)', async () => {
    requests = [];
    refusing.add('avatars');
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const files = [
        ...Array.from({ length: 150 }, (_, i) => ({ bucket_id: 'avatars', name: `u/${i}.png` })),
        { bucket_id: 'recordings', name: 'u/e/take.webm' },
      ];
      await expect(removeStoredFiles(files)).resolves.toEqual({ removed: 0, failed: 151 });
      expect(requests).toHaveLength(1);
      expect(logged).toHaveBeenCalledTimes(1);
    } finally {
      refusing.clear();
      logged.mockRestore();
    }
  });
});
