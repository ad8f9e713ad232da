import type { RealtimeChannel } from '@supabase/realtime-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { UsageCounts } from '../../supabase/functions/_shared/contract/usage.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// How a word lands in each country, through /api against the real stack: PUT
// /api/content/setUsage (who may, every refusal, one mark per learner, replace, take back),
// the tallies and the learner's own marks on GET /api/content/getContentById, rudeIn, the
// home country on POST /api/user/update (and its locals), and the live 'usage' event.

const unique = () => Math.random().toString(36).slice(2, 9);
const counts = (partial: Partial<UsageCounts> = {}): UsageCounts => ({ used: 0, understood: 0, unknown: 0, offensive: 0, ...partial });

let owner: TestUser;
let learner: TestUser;
let other: TestUser;
let entry: Entry;

async function newEntry(token: string): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `coger ${unique()}`, description: 'To take; vulgar in much of Latin America.', country: 'ES', author: 'Usage tests' },
    token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const setUsage = (body: unknown, token?: string | null) => api('/content/setUsage', { method: 'PUT', body, token });

beforeAll(async () => {
  [owner, learner, other] = await Promise.all([createUser(), createUser(), createUser()]);
  entry = await newEntry(owner.token);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('POST /api/user/update homeCountry', () => {
  it('sets, returns and clears a learner’s home country', async () => {
    const set = await api<{ user: User }>('/user/update', { body: { homeCountry: 'mx' }, token: learner.token });
    expect(set.status).toBe(200);
    expect(set.body.user.homeCountry).toBe('MX');
    expect((await api<{ user: User }>('/auth/getUser', { token: learner.token })).body.user.homeCountry).toBe('MX');
    expect((await api<{ user: User }>('/auth/authStatus', { token: learner.token })).body.user.homeCountry).toBe('MX');

    const cleared = await api<{ user: User }>('/user/update', { body: { homeCountry: null }, token: learner.token });
    expect(cleared.status).toBe(200);
    expect(cleared.body.user).not.toHaveProperty('homeCountry');

    expect((await api<{ user: User }>('/user/update', { body: { homeCountry: 'MX' }, token: learner.token })).body.user.homeCountry).toBe('MX');
  });

  it('refuses a country outside the 21, and guests', async () => {
    for (const homeCountry of ['US', 'Mexico', 42, '']) {
      const reply = await api('/user/update', { body: { homeCountry }, token: learner.token });
      expect(reply.status, String(homeCountry)).toBe(400);
      expect(reply.body).toMatchObject({ code: 'unknown_country', fieldCodes: { homeCountry: 'unknown_country' } });
    }
    const guest = await api('/user/update', { body: { homeCountry: 'MX' } });
    expect(guest.status).toBe(401);
  });
});

describe('PUT /api/content/setUsage', () => {
  it('asks guests to log in', async () => {
    const reply = await setUsage({ contentId: entry._id, country: 'MX', usage: 'used' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ success: false, code: 'login_required' });
  });

  it('records one mark per learner and country, replaces it, takes it back; a local’s mark counts as such', async () => {
    // The learner lives in Mexico (above): their mark on Mexico is a local's, on Argentina not.
    const first = await setUsage({ contentId: entry._id, country: 'MX', usage: 'used' }, learner.token);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      success: true,
      contentId: entry._id,
      usage: { MX: { ...counts({ used: 1 }), locals: counts({ used: 1 }) } },
      rudeIn: [],
      myUsage: { MX: 'used' },
    });

    const replaced = await setUsage({ contentId: entry._id, country: 'mx', usage: 'understood' }, learner.token);
    expect(replaced.body.usage).toEqual({ MX: { ...counts({ understood: 1 }), locals: counts({ understood: 1 }) } });

    const elsewhere = await setUsage({ contentId: entry._id, country: 'AR', usage: 'unknown' }, learner.token);
    expect(elsewhere.body.usage.AR).toEqual({ ...counts({ unknown: 1 }), locals: counts() });
    expect(elsewhere.body.myUsage).toEqual({ MX: 'understood', AR: 'unknown' });

    const byOther = await setUsage({ contentId: entry._id, country: 'MX', usage: 'used' }, other.token);
    expect(byOther.body.usage.MX).toEqual({ ...counts({ used: 1, understood: 1 }), locals: counts({ understood: 1 }) });
    expect(byOther.body.myUsage).toEqual({ MX: 'used' });

    const takenBack = await setUsage({ contentId: entry._id, country: 'AR', usage: null }, learner.token);
    expect(takenBack.status).toBe(200);
    expect(takenBack.body.usage).not.toHaveProperty('AR');
    expect(takenBack.body.myUsage).toEqual({ MX: 'understood' });
  });

  it('keeps rudeIn: an offensive mark where nobody said otherwise, outweighed by three others', async () => {
    const rude = await setUsage({ contentId: entry._id, country: 'ES', usage: 'offensive' }, other.token);
    expect(rude.body.rudeIn).toEqual(['ES']);
    expect((await api<Entry>(`/content/getContentById/${entry._id}`)).body.rudeIn).toEqual(['ES']);
    const [a, b, c] = await Promise.all([createUser(), createUser(), createUser()]);
    for (const who of [a, b]) {
      expect((await setUsage({ contentId: entry._id, country: 'ES', usage: 'used' }, who.token)).body.rudeIn).toEqual(['ES']);
    }
    expect((await setUsage({ contentId: entry._id, country: 'ES', usage: 'used' }, c.token)).body.rudeIn).toEqual([]);
    const list = await api<{ data: Entry[] }>(`/content/getContents?q=${encodeURIComponent(entry.title)}`);
    expect(list.body.data.find((item) => item._id === entry._id)?.rudeIn).toEqual([]);
  });

  it('names a bad usage, country or id; does not find hidden or missing entries', async () => {
    const badUsage = await setUsage({ contentId: entry._id, country: 'MX', usage: 'rude' }, learner.token);
    expect(badUsage.status).toBe(400);
    expect(badUsage.body).toMatchObject({ code: 'usage_invalid', fieldCodes: { usage: 'usage_invalid' } });
    const noUsage = await setUsage({ contentId: entry._id, country: 'MX' }, learner.token);
    expect(noUsage.status).toBe(400);
    expect(noUsage.body.fieldCodes).toEqual({ usage: 'usage_invalid' });
    for (const country of ['US', 'XX', 'Mexico', '', null, 7]) {
      const reply = await setUsage({ contentId: entry._id, country, usage: 'used' }, learner.token);
      expect(reply.status, String(country)).toBe(400);
      expect(reply.body.code).toBe('unknown_country');
    }
    const badId = await setUsage({ contentId: 'not-a-uuid', country: 'MX', usage: 'used' }, learner.token);
    expect(badId.status).toBe(400);
    expect(badId.body.fieldCodes).toEqual({ contentId: 'invalid_id' });
    const nul = await setUsage({ contentId: entry._id, country: 'M\u0000', usage: 'used' }, learner.token);
    expect(nul.status).toBe(400);

    const missing = await setUsage({ contentId: '00000000-0000-4000-8000-000000000000', country: 'MX', usage: 'used' }, learner.token);
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('entry_not_found');
    const hidden = await newEntry(owner.token);
    await api('/content/updateContent', { method: 'PUT', body: { _id: hidden._id, show: false }, token: owner.token });
    const onHidden = await setUsage({ contentId: hidden._id, country: 'MX', usage: 'used' }, learner.token);
    expect(onHidden.status).toBe(404);
    const byOwner = await setUsage({ contentId: hidden._id, country: 'MX', usage: 'used' }, owner.token);
    expect(byOwner.status).toBe(200);
  });
});

describe('many learners marking at once', () => {
  it('keeps the tallies and rudeIn exact', async () => {
    const fresh = await newEntry(owner.token);
    const learners = await Promise.all(Array.from({ length: 8 }, () => createUser()));
    // 3 offensive of 8 (a third is 2.67): rude in Spain, whichever order they land in.
    const replies = await Promise.all(
      learners.map((who, i) => setUsage({ contentId: fresh._id, country: 'ES', usage: i < 3 ? 'offensive' : 'used' }, who.token)),
    );
    expect(replies.map((reply) => reply.status)).toEqual(learners.map(() => 200));
    const after = await api<Entry>(`/content/getContentById/${fresh._id}`);
    expect(after.body.usage?.ES).toEqual({ ...counts({ used: 5, offensive: 3 }), locals: counts() });
    expect(after.body.rudeIn).toEqual(['ES']);
    // Two of them change their minds at once: 1 offensive of 8 is not rude.
    await Promise.all(learners.slice(0, 2).map((who) => setUsage({ contentId: fresh._id, country: 'ES', usage: 'understood' }, who.token)));
    expect((await api<Entry>(`/content/getContentById/${fresh._id}`)).body.rudeIn).toEqual([]);
  });
});

describe('GET /api/content/getContentById usage', () => {
  it('carries the tallies for everyone and the caller’s own marks', async () => {
    const asGuest = await api<Entry>(`/content/getContentById/${entry._id}`);
    expect(asGuest.status).toBe(200);
    expect(asGuest.body.usage?.MX).toEqual({ ...counts({ used: 1, understood: 1 }), locals: counts({ understood: 1 }) });
    expect(asGuest.body.myUsage).toEqual({});
    const asLearner = await api<Entry>(`/content/getContentById/${entry._id}`, { token: learner.token });
    expect(asLearner.body.usage).toEqual(asGuest.body.usage);
    expect(asLearner.body.myUsage).toEqual({ MX: 'understood' });

    const fresh = await newEntry(owner.token);
    const unmarked = await api<Entry>(`/content/getContentById/${fresh._id}`);
    expect(unmarked.body).toMatchObject({ usage: {}, myUsage: {}, rudeIn: [] });
  });
});

describe('live usage', () => {
  it('a mark reaches everyone watching the entry with the new tallies', async () => {
    const client = await realtimeClientAs();
    const received: { event: string; payload: Record<string, unknown> }[] = [];
    const channel: RealtimeChannel = client.channel(`entry:${entry._id}`, { config: { private: true } });
    channel.on('broadcast', { event: 'usage' }, (message) => received.push(message as unknown as (typeof received)[0]));
    await subscribed(channel);

    const reply = await setUsage({ contentId: entry._id, country: 'PR', usage: 'offensive' }, learner.token);
    expect(reply.status).toBe(200);
    await expect
      .poll(() => received.find((message) => (message.payload.usage as Record<string, unknown>).PR)?.payload)
      // realtime.send adds the message's own id.
      .toEqual({ id: expect.any(String), contentId: entry._id, usage: reply.body.usage, rudeIn: reply.body.rudeIn });
    expect(reply.body.rudeIn).toContain('PR');
  });
});
