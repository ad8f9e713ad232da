import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, describe, expect, it } from 'vitest';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, registerThroughApi, stack } from '../support/stack.ts';

// Deleting an account removes every file it ever stored (issue 30), on each of the four
// doors: /api/user/deleteAccount, palabrotas' /api/user/delete-account, /api/admin/deleteUser
// (the files are gone when the reply comes) and GoTrue's DELETE /auth/v1/admin/users/{id}
// (after one tick of the sweep function). Each learner has a registered avatar, a registered
// recording and an unregistered upload in each bucket; afterwards no row, no file on disk,
// and the avatar's public address no longer serves the image. Then the sweep's other job:
// uploads never registered are removed after 24 hours, registered and younger ones are kept.

const PASSWORD = 'files-go-with-me-2026';

function supabaseWith(token: string): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => token,
    realtime: { transport },
  });
}

const subOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { sub: string }).sub;

const sweep = (key = stack().secretKey) =>
  fetch(`${stack().apiUrl}/functions/v1/sweep`, { method: 'POST', headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' }, body: '{}' });

async function newEntry(): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author)
    values (${`archivo ${randomUUID().slice(0, 8)}`}, 'Kept by someone.', 'MX', 'Account files tests')
    returning id`;
  return row.id;
}

/** Where the local Storage keeps an object version's bytes. */
const fileOfVersion = (version: string) => path.join(stack().storageDir, 'objects', version.slice(0, 2), version);

interface Learner {
  id: string;
  email: string;
  token: string;
  avatarUrl: string;
  /** Every object version of theirs, for the files on disk. */
  versions: string[];
}

/** A registered learner with an avatar and a recording, and an unregistered upload in each bucket. */
async function learnerWithFiles(): Promise<Learner> {
  const email = `files-${randomUUID().slice(0, 8)}@test.jerga.local`;
  const token = await registerThroughApi({ name: 'Files Owner', email, password: PASSWORD });
  const id = subOf(token);
  const storage = supabaseWith(token).storage;
  const entryId = await newEntry();
  const put = async (bucket: string, name: string, type: string) => {
    const { error } = await storage.from(bucket).upload(name, Buffer.alloc(256, 3), { contentType: type });
    expect(error).toBeNull();
  };
  await put('avatars', `${id}/me.png`, 'image/png');
  await put('avatars', `${id}/draft.png`, 'image/png');
  await put('recordings', `${id}/${entryId}/take.webm`, 'audio/webm');
  await put('recordings', `${id}/${entryId}/unsent.webm`, 'audio/webm');
  const avatar = await api<{ imageUrl: string }>('/avatar/addAvatar', { body: { path: `${id}/me.png` }, token });
  expect(avatar.status).toBe(201);
  const recording = await api('/recording/addRecording', { body: { contentId: entryId, path: `${id}/${entryId}/take.webm`, country: 'MX' }, token });
  expect(recording.status).toBe(201);
  const image = await fetch(avatar.body.imageUrl);
  expect(image.status).toBe(200);
  await image.arrayBuffer();
  const versions = (await objectsOf(id)).map((row) => row.version);
  expect(versions).toHaveLength(4);
  for (const version of versions) expect(existsSync(fileOfVersion(version))).toBe(true);
  return { id, email, token, avatarUrl: avatar.body.imageUrl, versions };
}

const objectsOf = (userId: string) =>
  adminSql()<{ bucket_id: string; name: string; version: string }[]>`
    select bucket_id, name, version from storage.objects
     where name like ${`${userId}/%`} or owner_id = ${userId} order by bucket_id, name`;

/** Nothing of theirs is left: no row, no queued removal, no file, and the avatar's address answers no image. */
async function expectEverythingGone(learner: Learner): Promise<void> {
  expect(await objectsOf(learner.id)).toEqual([]);
  expect(await adminSql()`select 1 from private.storage_removals where owner_id = ${learner.id}`).toHaveLength(0);
  for (const version of learner.versions) expect(existsSync(fileOfVersion(version))).toBe(false);
  const image = await fetch(learner.avatarUrl);
  expect([400, 404]).toContain(image.status);
  expect(image.headers.get('content-type')).not.toMatch(/^image\//);
  await image.arrayBuffer();
}

afterAll(closeAdminSql);

describe('deleting an account removes every file it stored', () => {
  it('POST /api/user/deleteAccount', async () => {
    const learner = await learnerWithFiles();
    const reply = await api('/user/deleteAccount', { body: { currentPassword: PASSWORD }, token: learner.token });
    expect(reply.status).toBe(200);
    await expectEverythingGone(learner);
  });

  it('POST /api/user/delete-account (palabrotas’), with and without the password', async () => {
    const recent = await learnerWithFiles();
    const reply = await api('/user/delete-account', { body: { confirmation: 'DELETE' }, token: recent.token });
    expect(reply.status).toBe(200);
    await expectEverythingGone(recent);

    const withPassword = await learnerWithFiles();
    const again = await api('/user/delete-account', { body: { confirmation: 'DELETE', currentPassword: PASSWORD }, token: withPassword.token });
    expect(again.status).toBe(200);
    await expectEverythingGone(withPassword);
  });

  it('POST /api/admin/deleteUser', async () => {
    const learner = await learnerWithFiles();
    const admin = await createUser({ admin: true });
    const reply = await api('/admin/deleteUser', { body: { userId: learner.id }, token: admin.token });
    expect(reply.status).toBe(200);
    await expectEverythingGone(learner);
  });

  it('DELETE /auth/v1/admin/users/{id} (GoTrue, where no code of ours runs): gone after one sweep tick; two ticks at once share the work', async () => {
    const learners = [await learnerWithFiles(), await learnerWithFiles()];
    for (const learner of learners) {
      const deleted = await fetch(`${stack().apiUrl}/auth/v1/admin/users/${learner.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${stack().secretKey}`, apikey: stack().secretKey },
      });
      expect(deleted.status).toBe(200);
      await deleted.arrayBuffer();
    }
    // Queued in the deleting transaction, still served until a tick removes them.
    const queued = await adminSql()`select 1 from private.storage_removals where owner_id in ${adminSql()(learners.map((learner) => learner.id))}`;
    expect(queued).toHaveLength(8);

    const ticks = await Promise.all([sweep(), sweep()]);
    const results = await Promise.all(ticks.map(async (tick) => ({ status: tick.status, body: (await tick.json()) as { storage: { claimed: number; removed: number; failed: number } } })));
    for (const result of results) expect(result.status).toBe(200);
    const claimedOfTheirs = results.reduce((sum, result) => sum + result.body.storage.claimed, 0);
    expect(claimedOfTheirs).toBeGreaterThanOrEqual(8);
    expect(results.reduce((sum, result) => sum + result.body.storage.failed, 0)).toBe(0);
    for (const learner of learners) await expectEverythingGone(learner);
  });
});

describe('the sweep function', () => {
  it('answers only the secret key or the service-role key, whole', async () => {
    for (const key of [stack().anonKey, stack().publishableKey, `${stack().secretKey}x`, stack().secretKey.slice(0, -1), 'sb_secret_', '']) {
      const reply = await sweep(key);
      expect(reply.status).toBe(401);
      expect(await reply.json()).toMatchObject({ code: expect.stringMatching(/^invalid_(api_key|token)$/) });
    }
    const learner = await createUser();
    expect((await sweep(learner.token)).status).toBe(401);
    const legacy = await sweep(stack().serviceRoleKey);
    expect(legacy.status).toBe(200);
    await legacy.arrayBuffer();
  });

  it('removes uploads never registered once they are 24 hours old, and keeps registered and younger ones', async () => {
    const learner = await learnerWithFiles();
    // The draft avatar and the unsent take were written a day and a minute ago; the registered
    // ones too (Postgres's own triggers would stamp updated_at: set it as a restore would).
    await adminSql().begin(async (tx) => {
      await tx`set local session_replication_role = replica`;
      await tx`update storage.objects set created_at = now() - interval '24 hours 1 minute', updated_at = now() - interval '24 hours 1 minute'
                where name like ${`${learner.id}/%`} and name not like '%/unsent.webm'`;
      await tx`update storage.objects set created_at = now() - interval '23 hours', updated_at = now() - interval '23 hours'
                where name like ${`${learner.id}/%/unsent.webm`}`;
    });
    const tick = await sweep();
    expect(tick.status).toBe(200);
    expect(((await tick.json()) as { storage: { failed: number } }).storage.failed).toBe(0);
    const left = (await objectsOf(learner.id)).map((row) => row.name.split('/').at(-1));
    expect(left).toEqual(['me.png', 'take.webm', 'unsent.webm']);
    const draft = learner.versions.filter((version) => !existsSync(fileOfVersion(version)));
    expect(draft).toHaveLength(1);
    const image = await fetch(learner.avatarUrl);
    expect(image.status).toBe(200);
    await image.arrayBuffer();
  });
});
