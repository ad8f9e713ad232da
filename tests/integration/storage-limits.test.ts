import { readdirSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, registerThroughApi, stack } from '../support/stack.ts';

// Per-account Storage limits (issue 30) through Supabase's own storage client, as an attacker
// would script it: one fresh account uploads small files in a loop until Storage refuses, a
// second client of the same account meets the same count, many uploads at once cannot slip
// past it, and bytes past the account's limit are refused with nothing kept. The rule lives
// in Postgres (migration 20261203000100, pgTAP 49); these prove the local Storage answers
// it as the issue says: 429 too_many_uploads with Retry-After, 413 quota_exceeded.

function supabaseWith(token: string): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => token,
    realtime: { transport },
  });
}

/** A few bytes standing for an image (Storage checks the declared type, not the bytes). */
const image = (bytes: number) => Buffer.alloc(bytes, 5);

const upload = (client: SupabaseClient, name: string, bytes = 64) =>
  client.storage.from('avatars').upload(name, image(bytes), { contentType: 'image/png' });

/** Every file the local Storage keeps (object versions and temporary uploads). */
function storedFiles(): string[] {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else files.push(path.join(dir, entry.name));
    }
  };
  walk(stack().storageDir);
  return files.sort();
}

const objectsOf = async (userId: string) =>
  (await adminSql()<{ name: string }[]>`select name from storage.objects where bucket_id = 'avatars' and name like ${`${userId}/%`} order by name`).map(
    (row) => row.name,
  );

let saved: { uploads_per_minute: number; account_bytes: string };

beforeAll(async () => {
  [saved] = await adminSql()<typeof saved[]>`select uploads_per_minute, account_bytes::text from private.storage_limits`;
});

afterAll(async () => {
  await adminSql()`update private.storage_limits set uploads_per_minute = ${saved.uploads_per_minute}, account_bytes = ${saved.account_bytes}::bigint`;
  await closeAdminSql();
});

describe('uploads a minute', () => {
  it('one fresh account uploads 30 files in a minute, the 31st is refused with 429 too_many_uploads, and a second client of the account shares the count', async () => {
    expect(saved).toEqual({ uploads_per_minute: 30, account_bytes: '52428800' });
    const email = `attacker-${Date.now()}@test.jerga.local`;
    const token = await registerThroughApi({ name: 'Attacker', email, password: 'attack-storage-2026' });
    const userId = (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;
    const attacker = supabaseWith(token);

    // The attack as the issue measured it: small files as fast as the client can send them.
    const started = performance.now();
    let accepted = 0;
    let refusal: Awaited<ReturnType<typeof upload>>['error'] = null;
    for (let i = 0; i < 150 && !refusal; i += 1) {
      const { error } = await upload(attacker, `${userId}/flood-${i}.png`);
      if (error) refusal = error;
      else accepted += 1;
    }
    const elapsed = performance.now() - started;
    console.log(`storage attack: ${accepted} uploads accepted, refused at upload ${accepted + 1} after ${Math.round(elapsed)} ms`);
    expect(accepted).toBe(30);
    expect(refusal).toMatchObject({ name: 'StorageApiError', status: 429, statusCode: '429', message: expect.stringMatching(/^too_many_uploads: /) });
    expect(await objectsOf(userId)).toHaveLength(30);

    // A second session of the same account (another device) meets the same count.
    const login = await api<{ session: { access_token: string } }>('/auth/login', { body: { email, password: 'attack-storage-2026' } });
    expect(login.status).toBe(200);
    const second = supabaseWith(login.body.session.access_token);
    expect((await upload(second, `${userId}/other-device.png`)).error).toMatchObject({ status: 429, statusCode: '429' });

    // Storage's error shape, with when to come back.
    const raw = await fetch(`${stack().apiUrl}/storage/v1/object/avatars/${userId}/raw.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: stack().anonKey, 'content-type': 'image/png' },
      body: image(10),
    });
    expect(raw.status).toBe(429);
    expect(Number(raw.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(Number(raw.headers.get('retry-after'))).toBeLessThanOrEqual(60);
    expect(await raw.json()).toEqual({
      statusCode: '429',
      code: 'too_many_uploads',
      error: 'too_many_uploads',
      message: 'too_many_uploads: an account may upload 30 files a minute',
    });
    // The recorder's multipart form (the app's own upload) meets it too.
    const form = new FormData();
    form.append('cacheControl', '3600');
    form.append('', new Blob([image(10)], { type: 'image/png' }), 'form.png');
    const multipart = await fetch(`${stack().apiUrl}/storage/v1/object/avatars/${userId}/form.png`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, apikey: stack().anonKey },
      body: form,
    });
    expect(multipart.status).toBe(429);
    expect(await multipart.json()).toMatchObject({ statusCode: '429', error: 'too_many_uploads' });
    expect(await objectsOf(userId)).toHaveLength(30);

    // Another learner is not held up by it.
    const other = await createUser();
    expect((await upload(supabaseWith(other.token), `${other.id}/fine.png`)).error).toBeNull();
  });

  it('40 uploads of one account sent at once: exactly 30 are kept', async () => {
    const learner = await createUser();
    const client = supabaseWith(learner.token);
    const results = await Promise.all(Array.from({ length: 40 }, (_, i) => upload(client, `${learner.id}/burst-${i}.png`)));
    const refused = results.filter((result) => result.error);
    expect(results.length - refused.length).toBe(30);
    for (const { error } of refused) expect(error).toMatchObject({ status: 429, statusCode: '429' });
    expect(await objectsOf(learner.id)).toHaveLength(30);
  });
});

describe('bytes stored', () => {
  it('past the account’s bytes an upload is refused with 413 quota_exceeded and nothing is kept; two at once cannot both pass the line', async () => {
    await adminSql()`update private.storage_limits set account_bytes = 4096`;
    const learner = await createUser();
    const client = supabaseWith(learner.token);
    expect((await upload(client, `${learner.id}/first.png`, 3000)).error).toBeNull();

    const before = storedFiles();
    const over = await upload(client, `${learner.id}/too-much.png`, 2000);
    expect(over.error).toMatchObject({ status: 413, statusCode: '413', message: 'quota_exceeded: an account may store 4096 bytes' });
    expect(await objectsOf(learner.id)).toEqual([`${learner.id}/first.png`]);
    expect(storedFiles()).toEqual(before);

    // Two uploads that each fit, but not together.
    const both = await Promise.all([upload(client, `${learner.id}/left.png`, 1000), upload(client, `${learner.id}/right.png`, 1000)]);
    expect(both.filter((result) => result.error === null)).toHaveLength(1);
    expect(both.find((result) => result.error)?.error).toMatchObject({ status: 413, statusCode: '413' });
    expect(await objectsOf(learner.id)).toHaveLength(2);

    // Removing a file makes room again.
    expect((await client.storage.from('avatars').remove([`${learner.id}/first.png`])).error).toBeNull();
    expect((await upload(client, `${learner.id}/after.png`, 3000)).error).toBeNull();
  });
});
