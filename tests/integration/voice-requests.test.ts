import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileReply, User } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { NotificationEvent, RecordingsEvent } from '../../supabase/functions/_shared/contract/live-events.ts';
import type { NotificationsPage } from '../../supabase/functions/_shared/contract/notifications.ts';
import {
  recordingRequestReply,
  voiceNeedsReply,
  voicesReply,
  type Recording,
  type RecordingRequestReply,
  type VoiceNeed,
  type VoiceNeedsReply,
} from '../../supabase/functions/_shared/contract/recordings.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed, transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, stack, type TestUser } from '../support/stack.ts';

// Voices from every country (issue 34) through /api on the running stack: a learner says where
// their Spanish is from (speakerCountry on the profile, the public profile and every recording
// they make), learners ask for a native recording of an entry (once each, withdrawn at will,
// refused for guests, unknown or hidden entries and entries already voiced), the per-country
// queue lists what still needs a voice in its promised order a keyset page at a time, the
// Voices summary counts per country, and the first native recording tells every asker live.

let asker: TestUser;
let other: TestUser;
let speaker: TestUser; // speakerCountry MX
let owner: TestUser;

async function newEntry(country = 'MX', show = true, by?: TestUser): Promise<{ id: string; title: string }> {
  const title = `voz ${randomUUID().slice(0, 8)}`;
  const [row] = await adminSql()<{ id: string }[]>`
    insert into public.entries (title, description, country, author, show, owner)
    values (${title}, 'Said aloud.', ${country}, 'Voice tests', ${show}, ${by?.id ?? null})
    returning id`;
  return { id: row.id, title };
}

/** Uploads a take as `user` with supabase-js and registers it; returns the recording. */
async function recorded(user: TestUser, entryId: string, country?: string): Promise<Recording> {
  const client = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => user.token,
    realtime: { transport },
  });
  const path = `${user.id}/${entryId}/${randomUUID().slice(0, 8)}.webm`;
  const { error } = await client.storage.from('recordings').upload(path, Buffer.alloc(1024, 7), { contentType: 'audio/webm' });
  expect(error).toBeNull();
  const reply = await api<{ data: Recording }>('/recording/addRecording', { body: { contentId: entryId, path, ...(country ? { country } : {}) }, token: user.token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const ask = (contentId: unknown, token?: string | null) => api<RecordingRequestReply>('/recording/request', { body: { contentId }, token });
const withdraw = (contentId: string, token?: string | null) => api<RecordingRequestReply>(`/recording/request?contentId=${contentId}`, { method: 'DELETE', token });
const state = (contentId: string, token?: string | null) => api<RecordingRequestReply>(`/recording/request/${contentId}`, { token });
const queue = (query: string) => api<VoiceNeedsReply>(`/recording/requests?${query}`);

beforeAll(async () => {
  [asker, other, speaker, owner] = await Promise.all([
    createUser({ name: 'Ana Asker' }),
    createUser({ name: 'Otto Other' }),
    createUser({ name: 'Sara Speaker' }),
    createUser({ name: 'Olga Owner' }),
  ]);
  await adminSql()`update public.profiles set speaker_country = 'MX' where id = ${speaker.id}`;
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('speakerCountry', () => {
  it('is set (any case), cleared with null or an empty string, and refused when unknown', async () => {
    const learner = await createUser();
    const set = await api<{ user: User }>('/user/update', { body: { speakerCountry: 'co' }, token: learner.token });
    expect(set.status).toBe(200);
    expect(set.body.user.speakerCountry).toBe('CO');
    const profile = await api<ProfileReply>(`/user/getProfile/${learner.id}`);
    expect(profile.body.user.speakerCountry).toBe('CO');

    const bad = await api('/user/update', { body: { speakerCountry: 'XX' }, token: learner.token });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'unknown_country', errors: { speakerCountry: 'Unknown country.' } });
    const malformed = await api('/user/update', { body: { speakerCountry: 'Mexico' }, token: learner.token });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toMatchObject({ code: 'unknown_country', fieldCodes: { speakerCountry: 'unknown_country' } });

    const cleared = await api<{ user: User }>('/user/update', { body: { speakerCountry: null }, token: learner.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user).not.toHaveProperty('speakerCountry');
    await api('/user/update', { body: { speakerCountry: 'PE' }, token: learner.token });
    const emptied = await api<{ user: User }>('/user/update', { body: { speakerCountry: '' }, token: learner.token });
    expect(emptied.body.user).not.toHaveProperty('speakerCountry');
    expect((await api<ProfileReply>(`/user/getProfile/${learner.id}`)).body.user).not.toHaveProperty('speakerCountry');

    expect((await api('/user/update', { body: { speakerCountry: 'MX' }, token: null })).status).toBe(401);
  });

  it('fixes the country of every recording its speaker makes, whatever the client names', async () => {
    const entry = await newEntry('CO');
    const take = await recorded(speaker, entry.id, 'CO');
    expect(take).toMatchObject({ country: 'MX', speakerCountry: 'MX' });
    const listed = await api<Recording[]>(`/recording/getRecordings/${entry.id}`);
    expect(listed.body.map((recording) => [recording.country, recording.speakerCountry])).toEqual([['MX', 'MX']]);
    // Without a speaker country, the country named stays (and is the speakerCountry too).
    const named = await recorded(other, entry.id, 'VE');
    expect(named).toMatchObject({ country: 'VE', speakerCountry: 'VE' });
  });
});

describe('POST, DELETE and GET /api/recording/request', () => {
  it('asks once per learner (201, then 200), counts, and withdraws (200, also when not asked)', async () => {
    const entry = await newEntry();
    const first = await ask(entry.id, asker.token);
    expect(first.status).toBe(201);
    expect(recordingRequestReply.parse(first.body)).toEqual({ success: true, contentId: entry.id, count: 1, requested: true, native: false });
    const again = await ask(entry.id, asker.token);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ count: 1, requested: true });

    expect((await state(entry.id)).body).toEqual({ success: true, contentId: entry.id, count: 1, requested: false, native: false });
    expect((await state(entry.id, other.token)).body).toMatchObject({ count: 1, requested: false });

    const gone = await withdraw(entry.id, asker.token);
    expect(gone.status).toBe(200);
    expect(gone.body).toEqual({ success: true, contentId: entry.id, count: 0, requested: false, native: false });
    const notAsked = await api<RecordingRequestReply>('/recording/request', { method: 'DELETE', body: { contentId: entry.id }, token: other.token });
    expect(notAsked.status).toBe(200);
    expect(notAsked.body).toMatchObject({ count: 0, requested: false });
  });

  it('counts two learners asking at once, and one learner asking twice at once', async () => {
    const entry = await newEntry();
    const replies = await Promise.all([ask(entry.id, asker.token), ask(entry.id, other.token), ask(entry.id, asker.token)]);
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 201, 201]);
    expect((await state(entry.id)).body.count).toBe(2);
    const [{ count }] = await adminSql()<{ count: number }[]>`select count(*)::int as count from public.recording_requests where entry_id = ${entry.id}`;
    expect(count).toBe(2);
  });

  it('refuses guests (401), a missing id (400), unknown, malformed and hidden entries (404)', async () => {
    const entry = await newEntry();
    const guest = await ask(entry.id, null);
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ code: 'login_required' });
    expect((await withdraw(entry.id, null)).status).toBe(401);
    expect((await ask(undefined, asker.token)).body).toMatchObject({ code: 'id_required' });
    expect((await ask(undefined, asker.token)).status).toBe(400);
    for (const id of [randomUUID(), 'not-an-id', 42]) {
      const reply = await ask(id, asker.token);
      expect(reply.status, String(id)).toBe(404);
      expect(reply.body).toMatchObject({ code: 'content_not_found', message: 'Entry not found.' });
    }
    expect((await state(randomUUID())).status).toBe(404);
    expect((await state('nope')).status).toBe(404);
    expect((await withdraw(randomUUID(), asker.token)).status).toBe(404);
    // A hidden entry: its owner sees (and may ask), nobody else.
    const hidden = await newEntry('MX', false, owner);
    expect((await ask(hidden.id, asker.token)).status).toBe(404);
    expect((await state(hidden.id)).status).toBe(404);
    expect((await ask(hidden.id, owner.token)).status).toBe(201);
    expect((await api('/recording/request', { rawBody: '{', token: asker.token })).status).toBe(400);
  });

  it('refuses asking for an entry with a native recording (409), but not one heard only from elsewhere', async () => {
    const entry = await newEntry('MX');
    await recorded(other, entry.id, 'AR');
    expect((await ask(entry.id, asker.token)).status).toBe(201);
    await recorded(speaker, entry.id);
    const refused = await ask(entry.id, other.token);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'entry_voiced' });
    expect((await state(entry.id)).body).toMatchObject({ count: 0, native: true });
  });
});

describe('the first native recording', () => {
  it('tells each learner who asked, live and in the inbox, and fulfils their requests', async () => {
    const entry = await newEntry('MX');
    const heard: NotificationEvent[] = [];
    const client = await realtimeClientAs(asker.token);
    await subscribed(
      client.channel(`user:${asker.id}`, { config: { private: true } }).on('broadcast', { event: 'notification' }, ({ payload }) => {
        heard.push(payload as NotificationEvent);
      }),
    );
    const page = await realtimeClientAs();
    const told: RecordingsEvent[] = [];
    await subscribed(page.channel(`entry:${entry.id}`, { config: { private: true } }).on('broadcast', { event: 'recordings' }, ({ payload }) => told.push(payload as RecordingsEvent)));

    expect((await ask(entry.id, asker.token)).status).toBe(201);
    expect((await ask(entry.id, other.token)).status).toBe(201);
    expect((await ask(entry.id, speaker.token)).status).toBe(201);
    await expect.poll(() => told.length).toBe(3);

    // A recording from another country fulfils nothing.
    await recorded(owner, entry.id, 'CL');
    expect((await state(entry.id)).body).toMatchObject({ count: 3, native: false });

    await recorded(speaker, entry.id);
    await expect.poll(() => heard.map((event) => [event.kind, event.contentId, event.title, event.country])).toEqual([['recording', entry.id, entry.title, 'MX']]);
    expect(heard[0].by).toBeNull();
    expect((await state(entry.id, asker.token)).body).toEqual({ success: true, contentId: entry.id, count: 0, requested: false, native: true });

    const inboxOf = async (user: TestUser) =>
      (await api<NotificationsPage>('/notification/getNotifications', { token: user.token })).body.data.filter((item) => item.contentId === entry.id);
    expect((await inboxOf(asker)).map((item) => [item.kind, item.text, item.country, item.actorName])).toEqual([
      ['recording', `Someone from Mexico recorded ${entry.title}: listen`, 'MX', null],
    ]);
    expect((await inboxOf(other)).map((item) => item.kind)).toEqual(['recording']);
    // The speaker asked too, but is not told of their own recording.
    expect(await inboxOf(speaker)).toEqual([]);
  });
});

describe('a request racing the first native recording', () => {
  it('ends either told and fulfilled, or refused (409): never a request left on a voiced entry', async () => {
    const entries = await Promise.all(Array.from({ length: 4 }, () => newEntry('MX')));
    const outcomes = await Promise.all(entries.map(async (entry) => (await Promise.all([ask(entry.id, other.token), recorded(speaker, entry.id)]))[0].status));
    for (const [i, entry] of entries.entries()) {
      expect([201, 409]).toContain(outcomes[i]);
      expect((await state(entry.id)).body).toMatchObject({ count: 0, native: true });
    }
    const told = await adminSql()<{ entry_id: string }[]>`
      select entry_id from public.notifications where recipient = ${other.id} and kind = 'recording' and entry_id in ${adminSql()(entries.map((entry) => entry.id))}`;
    expect(told.map((row) => row.entry_id).sort()).toEqual(entries.filter((_, i) => outcomes[i] === 201).map((entry) => entry.id).sort());
  });
});

describe('GET /api/recording/requests', () => {
  /** Every page of a country's queue, `limit` at a time. */
  async function wholeQueue(country: string, limit: number): Promise<{ items: VoiceNeed[]; pages: number; last: VoiceNeedsReply }> {
    const items: VoiceNeed[] = [];
    let cursor: string | null = null;
    let pages = 0;
    let last: VoiceNeedsReply;
    do {
      const reply: Awaited<ReturnType<typeof queue>> = await queue(`country=${country}&limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(reply.status).toBe(200);
      last = voiceNeedsReply.parse(reply.body);
      items.push(...last.data);
      cursor = last.nextCursor;
      pages += 1;
    } while (cursor);
    return { items, pages, last };
  }

  it('lists shown, unvoiced entries of the country, most requested, then best voted, then id, a page at a time', async () => {
    const country = 'HN';
    const [popular, liked, plain, voiced, hidden] = await Promise.all([newEntry(country), newEntry(country), newEntry(country), newEntry(country), newEntry(country, false)]);
    await ask(popular.id, asker.token);
    await ask(popular.id, other.token);
    await ask(liked.id, asker.token);
    await adminSql()`update public.entries set upvotes = 5 where id = ${liked.id}`;
    await adminSql()`update public.entries set upvotes = 3 where id = ${plain.id}`;
    const hondureño = await createUser();
    await adminSql()`update public.profiles set speaker_country = 'HN' where id = ${hondureño.id}`;
    await recorded(hondureño, voiced.id);

    const { items, pages, last } = await wholeQueue(country, 2);
    const ids = items.map((item) => item.contentId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(voiced.id);
    expect(ids).not.toContain(hidden.id);
    const mine = ids.filter((id) => [popular.id, liked.id, plain.id].includes(id));
    expect(mine).toEqual([popular.id, liked.id, plain.id]);
    const order = items.map((item) => [item.requests, item.voteScore, item.contentId] as const);
    const sorted = [...order].sort((a, b) => b[0] - a[0] || b[1] - a[1] || (a[2] < b[2] ? 1 : -1));
    expect(order).toEqual(sorted);
    expect(pages).toBe(Math.max(1, Math.ceil(items.length / 2)));
    expect(items.find((item) => item.contentId === popular.id)).toMatchObject({ title: popular.title, description: 'Said aloud.', exampleSentence: null, country, requests: 2 });

    // total and remaining are the country's, as SQL counts them.
    const [counts] = await adminSql()<{ total: number; remaining: number }[]>`
      select count(*)::int as total,
             count(*) filter (where not exists (select 1 from public.recordings r where r.entry_id = e.id and r.country = e.country and r.moderation is null))::int as remaining
        from public.entries e where e.country = ${country} and e.show`;
    expect({ total: last.total, remaining: last.remaining }).toEqual(counts);
    expect(last.remaining).toBe(items.length);
    expect((await wholeQueue(country.toLowerCase(), 50)).items).toEqual(items);
  });

  it('answers 400 for a missing or unknown country, a bad limit and a cursor that is not its own', async () => {
    const cases: [string, string][] = [
      ['', 'country_required'],
      ['country=', 'country_required'],
      ['country=XX', 'unknown_country'],
      ['country=MX&limit=0', 'invalid_input'],
      ['country=MX&limit=51', 'invalid_input'],
      ['country=MX&cursor=nonsense', 'invalid_cursor'],
      [`country=MX&cursor=${Buffer.from(JSON.stringify(['2024-01-01T00:00:00Z', randomUUID()])).toString('base64url')}`, 'invalid_cursor'],
    ];
    for (const [query, code] of cases) {
      const reply = await queue(query);
      expect(reply.status, query).toBe(400);
      expect(reply.body, query).toMatchObject({ code });
    }
  });
});

describe('GET /api/recording/voices', () => {
  it('counts, per country, shown entries and those with a native recording', async () => {
    const reply = await api('/recording/voices');
    expect(reply.status).toBe(200);
    const summary = voicesReply.parse(reply.body);
    const expected = await adminSql()<{ country: string; total: number; voiced: number }[]>`
      select c.code as country,
             count(e.id)::int as total,
             count(e.id) filter (where exists (select 1 from public.recordings r where r.entry_id = e.id and r.country = e.country and r.moderation is null))::int as voiced
        from public.countries c left join public.entries e on e.country = c.code and e.show
       group by c.code order by c.code`;
    expect(summary.data).toEqual(expected);
    expect(summary.data).toHaveLength(21);
  });
});
