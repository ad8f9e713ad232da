import { randomUUID } from 'node:crypto';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RecordingsEvent } from '../../supabase/functions/_shared/contract/live-events.ts';
import type { Recording, RecordingVoteReply } from '../../supabase/functions/_shared/contract/recordings.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed, transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Native-speaker recordings end to end on the running stack: a learner uploads with
// supabase-js's storage client into the public `recordings` bucket (only into their own
// folder; the bucket refuses other types and more than 2 MB), registers the file through
// /api, everyone lists and hears it, learners vote (up, switch, take back), the speaker or
// an admin deletes it and the file goes too, it can be reported and held, and a second
// client hears 'recordings' on the entry's topic each time.

const BUCKET = 'recordings';

let sara: TestUser; // records (home country MX)
let otto: TestUser; // another learner, no home country
let admin: TestUser;
let reporters: TestUser[];

/** supabase-js as the browser has it: the anon key, and the learner's token when signed in. */
function supabaseAs(user?: TestUser): SupabaseClient {
  return createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    ...(user ? { accessToken: async () => user.token } : {}),
    realtime: { transport },
  });
}

/** A few bytes standing for a recording (Storage checks the declared type, not the codec). */
const audio = (bytes = 2048) => Buffer.alloc(bytes, 7);

async function newEntry(): Promise<string> {
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author)
    values (${`grabación ${randomUUID().slice(0, 8)}`}, 'Said aloud.', 'MX', 'Recording tests')
    returning id`;
  return row.id;
}

/** Uploads a take as `user` into their folder of the entry; returns the object's name. */
async function upload(user: TestUser, entryId: string, name = `${randomUUID().slice(0, 8)}.webm`): Promise<string> {
  const path = `${user.id}/${entryId}/${name}`;
  const { data, error } = await supabaseAs(user).storage.from(BUCKET).upload(path, audio(), { contentType: 'audio/webm' });
  expect(error).toBeNull();
  expect(data?.path).toBe(path);
  return path;
}

const objectExists = async (path: string) =>
  (await adminSql()`select 1 from storage.objects where bucket_id = ${BUCKET} and name = ${path}`).length === 1;

const addRecording = (body: Record<string, unknown>, token?: string | null) => api<{ success: true; data: Recording }>('/recording/addRecording', { body, token });
const listRecordings = async (entryId: string, token?: string) => {
  const reply = await api<Recording[]>(`/recording/getRecordings/${entryId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body;
};
const vote = (recordingId: string, voteType: string, token?: string | null) => api<RecordingVoteReply>('/recording/vote', { body: { recordingId, voteType }, token });
const remove = (id: string, token?: string | null) => api(`/recording/${id}`, { method: 'DELETE', token });

/** Uploads and registers one take of the entry as `user`; returns the recording. */
async function recorded(user: TestUser, entryId: string, extra: Record<string, unknown> = {}): Promise<Recording> {
  const path = await upload(user, entryId);
  const reply = await addRecording({ contentId: entryId, path, ...extra }, user.token);
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  [sara, otto, admin, ...reporters] = await Promise.all([
    createUser({ name: 'Sara Speaker' }),
    createUser({ name: 'Otto Other' }),
    createUser({ admin: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
  ]);
  await adminSql()`update public.profiles set home_country = 'MX' where id = ${sara.id}`;
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('uploading into the recordings bucket (supabase-js storage)', () => {
  it('lets a learner upload into their own folder of an entry, and anyone download it by its public URL', async () => {
    const entryId = await newEntry();
    const path = await upload(sara, entryId, 'take.webm');
    expect(await objectExists(path)).toBe(true);
    const { data } = supabaseAs().storage.from(BUCKET).getPublicUrl(path);
    const response = await fetch(data.publicUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^audio\/webm/);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(audio());
    // A browser's Blob (what MediaRecorder gives) goes up the same way.
    const blobPath = `${sara.id}/${entryId}/blob.ogg`;
    const blob = await supabaseAs(sara).storage.from(BUCKET).upload(blobPath, new Blob([audio(512)], { type: 'audio/ogg' }));
    expect(blob.error).toBeNull();
    expect(await objectExists(blobPath)).toBe(true);
  });

  it('refuses another learner’s folder, a folder that is no entry, guests and an ended session', async () => {
    const entryId = await newEntry();
    const attempts: [SupabaseClient, string][] = [
      [supabaseAs(otto), `${sara.id}/${entryId}/intruder.webm`],
      [supabaseAs(sara), `${sara.id}/${randomUUID()}/nowhere.webm`],
      [supabaseAs(sara), `${sara.id}/${entryId}/.hidden`],
      [supabaseAs(sara), `${sara.id}/loose.webm`],
      [supabaseAs(), `${sara.id}/${entryId}/guest.webm`],
    ];
    const ended = await createUser();
    await adminSql()`delete from auth.sessions where user_id = ${ended.id}`;
    attempts.push([supabaseAs(ended), `${ended.id}/${entryId}/late.webm`]);
    for (const [client, path] of attempts) {
      const { error } = await client.storage.from(BUCKET).upload(path, audio(), { contentType: 'audio/webm' });
      expect(error?.message, path).toBe('new row violates row-level security policy');
      expect(await objectExists(path), path).toBe(false);
    }
    // Nor may the ended session register one through /api.
    const ended401 = await addRecording({ contentId: entryId, path: `${ended.id}/${entryId}/late.webm` }, ended.token);
    expect(ended401.status).toBe(401);
    expect(ended401.body).toMatchObject({ code: 'session_ended' });
  });

  it('refuses a type that is not audio and a file over 2 MB (the bucket’s limits)', async () => {
    const entryId = await newEntry();
    const storage = supabaseAs(sara).storage.from(BUCKET);
    const text = await storage.upload(`${sara.id}/${entryId}/notes.txt`, Buffer.from('hola'), { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    const big = await storage.upload(`${sara.id}/${entryId}/big.webm`, audio(2 * 1024 * 1024 + 1), { contentType: 'audio/webm' });
    expect(big.error).toMatchObject({ statusCode: '413' });
    expect(await objectExists(`${sara.id}/${entryId}/notes.txt`)).toBe(false);
    expect(await objectExists(`${sara.id}/${entryId}/big.webm`)).toBe(false);
    // Exactly 2 MB is allowed.
    const edge = await storage.upload(`${sara.id}/${entryId}/edge.webm`, audio(2 * 1024 * 1024), { contentType: 'audio/webm' });
    expect(edge.error).toBeNull();
  });
});

describe('POST /api/recording/addRecording', () => {
  it('registers the caller’s own upload (201), from their home country by default, with its public URL', async () => {
    const entryId = await newEntry();
    const path = await upload(sara, entryId);
    const reply = await addRecording({ contentId: entryId, path, durationMs: 2300 }, sara.token);
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      data: {
        _id: expect.any(String),
        contentId: entryId,
        path,
        url: supabaseAs().storage.from(BUCKET).getPublicUrl(path).data.publicUrl,
        country: 'MX',
        speakerCountry: 'MX',
        authorName: 'Sara Speaker',
        durationMs: 2300,
        voteScore: 0,
        userVote: null,
        createdAt: expect.any(String),
        canDelete: true,
      },
    });
  });

  it('takes upload’s fullPath (bucket/name) and a country the learner names', async () => {
    const entryId = await newEntry();
    const name = `${otto.id}/${entryId}/take.webm`;
    const { data, error } = await supabaseAs(otto).storage.from(BUCKET).upload(name, audio(), { contentType: 'audio/webm' });
    expect(error).toBeNull();
    const reply = await addRecording({ contentId: entryId, path: data!.fullPath, country: 'ar' }, otto.token);
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ path: name, country: 'AR', durationMs: null, authorName: 'Otto Other' });
  });

  it('answers 403 for someone else’s file, 404 for no file or entry, 400 outside the bucket, 409 twice, 401 for guests', async () => {
    const entryId = await newEntry();
    const saras = await upload(sara, entryId);
    const cases: [Record<string, unknown>, string | null | undefined, number, string][] = [
      [{ contentId: entryId, path: saras, country: 'ES' }, otto.token, 403, 'recording_file_not_yours'],
      [{ contentId: entryId, path: `${sara.id}/${entryId}/never-uploaded.webm` }, sara.token, 404, 'recording_file_not_found'],
      [{ contentId: randomUUID(), path: saras }, sara.token, 404, 'entry_not_found'],
      [{ contentId: entryId, path: `avatars/${saras}` }, sara.token, 400, 'recording_path_invalid'],
      [{ contentId: entryId, path: `../${saras}` }, sara.token, 400, 'recording_path_invalid'],
      [{ contentId: entryId, path: saras }, null, 401, 'recording_login_required'],
      [{ contentId: entryId, path: saras }, undefined, 401, 'recording_login_required'],
    ];
    for (const [body, token, status, code] of cases) {
      const reply = await addRecording(body, token);
      expect({ body, status: reply.status, code: reply.body }).toMatchObject({ status, code: { success: false, code } });
    }
    expect((await addRecording({ contentId: entryId, path: saras }, sara.token)).status).toBe(201);
    const again = await addRecording({ contentId: entryId, path: saras }, sara.token);
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ code: 'recording_exists', message: 'This file is already a recording.' });
  });

  it('refuses bad input with 400: NUL, a malformed id, durations out of range, an unknown or missing country', async () => {
    const entryId = await newEntry();
    const path = await upload(otto, entryId);
    const cases: [Record<string, unknown> | string, string, string][] = [
      [`{"contentId":"${entryId}","path":"${path}\\u0000"}`, 'invalid_text', 'path'],
      [{ contentId: entryId, path, country: 'M\u0000X' }, 'invalid_text', 'country'],
      [{ contentId: 'not-a-uuid', path }, 'invalid_id', 'contentId'],
      [{ contentId: entryId, path, durationMs: 0 }, 'recording_duration_invalid', 'durationMs'],
      [{ contentId: entryId, path, durationMs: 15_001 }, 'recording_duration_invalid', 'durationMs'],
      [`{"contentId":"${entryId}","path":"${path}","durationMs":1e400}`, 'recording_duration_invalid', 'durationMs'],
      [{ contentId: entryId, path, country: 'XX' }, 'unknown_country', 'country'],
      // Otto has no home country and names none.
      [{ contentId: entryId, path }, 'country_required', 'country'],
    ];
    for (const [body, code, field] of cases) {
      const reply = await api('/recording/addRecording', typeof body === 'string' ? { rawBody: body, token: otto.token, headers: { 'content-type': 'application/json' } } : { body, token: otto.token });
      expect({ body, status: reply.status, reply: reply.body }).toMatchObject({ status: 400, reply: { code, fieldCodes: { [field]: code } } });
    }
  });
});

describe('GET /api/recording/getRecordings/{contentId} and POST /api/recording/vote', () => {
  it('lists best-voted first, then newest, with the caller’s vote and what they may delete', async () => {
    const entryId = await newEntry();
    const first = await recorded(sara, entryId, { country: 'CL' });
    const second = await recorded(sara, entryId, { country: 'PE' });
    // Newest first while unvoted.
    expect((await listRecordings(entryId)).map((r) => r._id)).toEqual([second._id, first._id]);

    const up = await vote(first._id, 'up', otto.token);
    expect(up.status).toBe(200);
    expect(up.body).toEqual({ success: true, recordingId: first._id, contentId: entryId, voteScore: 1, userVote: 'up' });
    expect((await listRecordings(entryId)).map((r) => r._id)).toEqual([first._id, second._id]);

    const asOtto = await listRecordings(entryId, otto.token);
    expect(asOtto.map(({ _id, userVote, canDelete, voteScore }) => ({ _id, userVote, canDelete, voteScore }))).toEqual([
      { _id: first._id, userVote: 'up', canDelete: false, voteScore: 1 },
      { _id: second._id, userVote: null, canDelete: false, voteScore: 0 },
    ]);
    expect((await listRecordings(entryId, sara.token)).every((r) => r.canDelete && r.userVote === null)).toBe(true);
    expect((await listRecordings(entryId, admin.token)).every((r) => r.canDelete)).toBe(true);
    expect((await listRecordings(entryId)).every((r) => !r.canDelete && r.authorName === 'Sara Speaker')).toBe(true);
  });

  it('votes up, switches, takes back with the same vote again; guests and bad votes are refused', async () => {
    const entryId = await newEntry();
    const take = await recorded(sara, entryId);
    expect((await vote(take._id, 'up', otto.token)).body).toMatchObject({ voteScore: 1, userVote: 'up' });
    expect((await vote(take._id, 'down', otto.token)).body).toMatchObject({ voteScore: -1, userVote: 'down' });
    expect((await vote(take._id, 'down', otto.token)).body).toMatchObject({ voteScore: 0, userVote: null });
    expect((await vote(take._id, 'up', sara.token)).body).toMatchObject({ voteScore: 1, userVote: 'up' });

    const guest = await vote(take._id, 'up', null);
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'vote_login_required' });
    const sideways = await vote(take._id, 'sideways', otto.token);
    expect(sideways.status).toBe(400);
    expect(sideways.body).toMatchObject({ code: 'recording_vote_type_invalid', fieldCodes: { voteType: 'recording_vote_type_invalid' } });
    expect((await vote('not-a-uuid', 'up', otto.token)).status).toBe(400);
    const missing = await vote(randomUUID(), 'up', otto.token);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'recording_not_found' });
  });

  it('answers 404 for an entry that is not there', async () => {
    const reply = await api(`/recording/getRecordings/${randomUUID()}`);
    expect(reply.status).toBe(404);
    expect(reply.body).toMatchObject({ code: 'entry_not_found' });
  });
});

describe('DELETE /api/recording/{id}', () => {
  const downloadable = async (path: string) => (await fetch(supabaseAs().storage.from(BUCKET).getPublicUrl(path).data.publicUrl)).status;

  it('refuses another learner (403) and guests (401), and leaves the file', async () => {
    const entryId = await newEntry();
    const take = await recorded(sara, entryId);
    const other = await remove(take._id, otto.token);
    expect(other.status).toBe(403);
    expect(other.body).toMatchObject({ code: 'recording_delete_forbidden' });
    expect((await remove(take._id, null)).status).toBe(401);
    expect((await listRecordings(entryId)).map((r) => r._id)).toEqual([take._id]);
    expect(await downloadable(take.path)).toBe(200);
  });

  it('lets the speaker delete it: the row and the file go', async () => {
    const entryId = await newEntry();
    const take = await recorded(sara, entryId);
    const reply = await remove(take._id, sara.token);
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ success: true, message: 'Deleted successfully', _id: take._id, contentId: entryId });
    expect(await listRecordings(entryId)).toEqual([]);
    expect(await objectExists(take.path)).toBe(false);
    expect([400, 404]).toContain(await downloadable(take.path));
    const { error } = await supabaseAs(sara).storage.from(BUCKET).download(take.path);
    expect(error).not.toBeNull();
    expect((await remove(take._id, sara.token)).status).toBe(404);
  });

  it('lets an admin delete anyone’s, audited, and the file goes', async () => {
    const entryId = await newEntry();
    // A speaker of its own: one account may add only so many recordings a minute.
    const take = await recorded(await createUser(), entryId, { country: 'CO' });
    expect((await remove(take._id, admin.token)).status).toBe(200);
    expect(await objectExists(take.path)).toBe(false);
    expect([400, 404]).toContain(await downloadable(take.path));
    const [audited] = await adminSql()`select action, actor from public.audit_log where target_type = 'recording' and target_id = ${take._id}`;
    expect(audited).toEqual({ action: 'delete_recording', actor: admin.id });
  });
});

describe('reports of a recording', () => {
  it('holds it at the third trusted account (gone from the list), shows it in the queue, and removing it removes the file', async () => {
    const entryId = await newEntry();
    const take = await recorded(sara, entryId);
    const own = await api('/report/addReport', { body: { recordingId: take._id, reason: 'spam' }, token: sara.token });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 'report_own' });
    for (const reporter of reporters) {
      const reply = await api('/report/addReport', { body: { recordingId: take._id, reason: 'offensive' }, token: reporter.token });
      expect(reply.status).toBe(201);
    }
    expect(await listRecordings(entryId)).toEqual([]);
    expect((await listRecordings(entryId, sara.token)).map((r) => r.moderation)).toEqual(['held']);

    const queue = await api<{ data: { recordingId: string | null; kind: string; count: number; contentId: string }[] }>('/admin/getReports?limit=50', { token: admin.token });
    expect(queue.status).toBe(200);
    expect(queue.body.data.find((c) => c.recordingId === take._id)).toMatchObject({ kind: 'recording', count: 3, contentId: entryId });

    const resolved = await api('/admin/resolveReport', { body: { recordingId: take._id, action: 'remove' }, token: admin.token });
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ success: true, data: { kind: 'recording', status: 'resolved', resolution: 'remove', moderation: 'removed' } });
    expect(await objectExists(take.path)).toBe(false);
    const [audited] = await adminSql()`select action from public.audit_log where target_type = 'recording' and target_id = ${take._id}`;
    expect(audited).toEqual({ action: 'remove' });
  });
});

describe('live: event recordings on entry:<contentId>', () => {
  it('tells a second client when a recording is added, voted on and deleted', async () => {
    const entryId = await newEntry();
    const listener = await realtimeClientAs();
    const heard: RecordingsEvent[] = [];
    await subscribed(
      listener.channel(`entry:${entryId}`, { config: { private: true } }).on('broadcast', { event: 'recordings' }, ({ payload }) => {
        heard.push(payload as RecordingsEvent);
      }),
    );
    const speaker = await createUser();
    const take = await recorded(speaker, entryId, { country: 'VE' });
    // Realtime adds the message's id to a database broadcast's payload, as Supabase does.
    const told = () => heard.map((event) => event.contentId);
    await expect.poll(told).toEqual([entryId]);
    await vote(take._id, 'up', otto.token);
    await expect.poll(told).toEqual([entryId, entryId]);
    await remove(take._id, speaker.token);
    await expect.poll(told).toEqual([entryId, entryId, entryId]);
  });
});

describe('an entry deleted', () => {
  it('takes its recordings’ files with it', async () => {
    const [row] = await adminSql()<{ id: string }[]>`
      insert into public.entries (title, description, country, author, owner)
      values (${`borrada ${randomUUID().slice(0, 8)}`}, 'Gone soon.', 'MX', 'Sara', ${sara.id}) returning id`;
    const take = await recorded(await createUser(), row.id, { country: 'PA' });
    const reply = await api('/content/deleteContent', { method: 'PUT', body: { _id: row.id }, token: sara.token });
    expect(reply.status).toBe(200);
    expect(await objectExists(take.path)).toBe(false);
  });
});

describe('an account deleted', () => {
  it('takes its recordings and every file in its folder with it', async () => {
    const entryId = await newEntry();
    const leaving = await createUser({ name: 'Lea Leaving' });
    const take = await recorded(leaving, entryId, { country: 'UY' });
    const loose = await upload(leaving, entryId, 'never-registered.webm');
    const reply = await api('/admin/deleteUser', { body: { userId: leaving.id }, token: admin.token });
    expect(reply.status).toBe(200);
    expect(await listRecordings(entryId)).toEqual([]);
    expect(await objectExists(take.path)).toBe(false);
    expect(await objectExists(loose)).toBe(false);
  });
});
