import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { EntryDetail } from '../../supabase/functions/_shared/contract/entries.ts';
import type { VariantsEvent } from '../../supabase/functions/_shared/contract/live-events.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Variant links reported like entries, through /api: POST /api/report/addReport with
// {contentId, variantId} (the link between the two), the hold at three trusted accounts (the two stop
// grouping for everyone, their pages told live), the admins' queue showing both entries, and
// POST /api/admin/resolveReport {contentId, variantId, action}: restore and dismiss group the
// link again, remove deletes it; each audited.

const unique = () => Math.random().toString(36).slice(2, 9);

let linker: TestUser;
let olga: TestUser; // owns the Mexican entries
let otto: TestUser; // owns the Spanish entries
let reporters: TestUser[];
let admin: TestUser;

interface Pair {
  a: { _id: string; title: string; country: string };
  b: { _id: string; title: string; country: string };
}

/** Two entries (Olga's and Otto's) linked by the linker through /api. */
async function linkedPair(word: string): Promise<Pair> {
  const [a, b] = await Promise.all(
    [
      [olga, `${word} mx`, 'MX'],
      [otto, `${word} es`, 'ES'],
    ].map(async ([owner, title, country]) => {
      const [row] = await adminSql()<{ _id: string; title: string; country: string }[]>`
        insert into public.entries (title, description, country, author, owner)
        values (${`${title as string} ${unique()}`}, 'The same thing elsewhere.', ${country as string}, 'Link report tests', ${(owner as TestUser).id})
        returning id as _id, title, country`;
      return row;
    }),
  );
  const linked = await api('/content/linkVariant', { body: { contentId: a._id, variantId: b._id }, token: linker.token });
  expect(linked.status).toBe(201);
  return { a, b };
}

const report = (body: Record<string, unknown>, token?: string) => api('/report/addReport', { body, token });
const resolve = (body: Record<string, unknown>, token?: string) => api('/admin/resolveReport', { body, token });
const variantsOf = async (id: string, token?: string) => {
  const reply = await api<EntryDetail>(`/content/getContentById/${id}`, { token });
  expect(reply.status).toBe(200);
  return reply.body.variants.map((variant) => variant._id);
};

/** Three trusted reporters report the pair's link: held. */
async function holdLink({ a, b }: Pair): Promise<void> {
  for (const [i, reporter] of reporters.slice(0, 3).entries()) {
    const reply = await report({ contentId: i % 2 ? b._id : a._id, variantId: i % 2 ? a._id : b._id, reason: 'wrong' }, reporter.token);
    expect(reply.status).toBe(201);
  }
}

beforeAll(async () => {
  [linker, olga, otto, admin, ...reporters] = await Promise.all([
    createUser({ name: 'Lina Linker' }),
    createUser({ name: 'Olga Owner' }),
    createUser({ name: 'Otto Owner' }),
    createUser({ admin: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
  ]);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('POST /api/report/addReport {contentId, variantId}', () => {
  it('asks guests to log in (401)', async () => {
    const { a, b } = await linkedPair('guest');
    const reply = await report({ contentId: a._id, variantId: b._id, reason: 'wrong' });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'report_login_required', message: 'Please log in to report something.' });
  });

  it('refuses bad input (400): a reason, a long note, NUL, a malformed id, a variantId without contentId or with a comment, one entry twice', async () => {
    const { a, b } = await linkedPair('input');
    const token = reporters[0].token;
    expect((await report({ contentId: a._id, variantId: b._id, reason: 'boring' }, token)).body.fieldCodes).toEqual({ reason: 'invalid_report_reason' });
    const long = await report({ contentId: a._id, variantId: b._id, reason: 'other', note: 'n'.repeat(501) }, token);
    expect(long.status).toBe(400);
    expect(long.body.fieldCodes).toEqual({ note: 'report_note_too_long' });
    expect((await report({ contentId: a._id, variantId: b._id, reason: 'other', note: 'a\u0000b' }, token)).status).toBe(400);
    const malformed = await report({ contentId: a._id, variantId: 'not-an-id', reason: 'wrong' }, token);
    expect(malformed.status).toBe(400);
    expect(Object.keys(malformed.body.fieldCodes)).toEqual(['variantId']);
    const alone = await report({ variantId: b._id, reason: 'wrong' }, token);
    expect(alone.status).toBe(400);
    expect(alone.body.fieldCodes).toEqual({ contentId: 'report_target_required' });
    const withComment = await report({ commentId: randomUUID(), variantId: b._id, reason: 'wrong' }, token);
    expect(withComment.status).toBe(400);
    expect(withComment.body.fieldCodes).toEqual({ variantId: 'report_target_required' });
    const self = await report({ contentId: a._id, variantId: a._id, reason: 'wrong' }, token);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: 'variant_self_link', fieldCodes: { variantId: 'variant_self_link' } });
  });

  it('refuses the link’s own creator (400 report_own), as for one’s own entry', async () => {
    const { a, b } = await linkedPair('own');
    const reply = await report({ contentId: a._id, variantId: b._id, reason: 'wrong' }, linker.token);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ code: 'report_own', message: 'You cannot report your own contribution.', fieldCodes: { variantId: 'report_own' } });
  });

  it('answers 404 for a link that does not exist', async () => {
    const { a } = await linkedPair('missing');
    const { b: other } = await linkedPair('missing other');
    const unlinked = await report({ contentId: a._id, variantId: other._id, reason: 'wrong' }, reporters[0].token);
    expect(unlinked.status).toBe(404);
    expect(unlinked.body).toMatchObject({ code: 'variant_link_not_found', message: 'These entries are not linked.' });
    expect((await report({ contentId: randomUUID(), variantId: a._id, reason: 'wrong' }, reporters[0].token)).status).toBe(404);
  });

  it('takes a report (201), counts an account once (200, repeated), lets either entry’s owner report too', async () => {
    const { a, b } = await linkedPair('count');
    const first = await report({ contentId: a._id, variantId: b._id, reason: 'wrong', note: 'Not the same.' }, reporters[0].token);
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      message: 'Report received',
      data: { _id: expect.any(String), reason: 'wrong', createdAt: expect.any(String), repeated: false },
    });
    const again = await report({ contentId: b._id, variantId: a._id, reason: 'spam' }, reporters[0].token);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ _id: first.body.data._id, repeated: true });
    expect((await report({ contentId: a._id, variantId: b._id, reason: 'wrong' }, olga.token)).status).toBe(201);
    // Two accounts hold nothing.
    expect(await variantsOf(a._id)).toEqual([b._id]);
  });

  it('holds the link at the third account: the two stop grouping for everyone, their pages told live', async () => {
    const pair = await linkedPair('hold');
    const { a, b } = pair;
    const guest = await realtimeClientAs();
    const heard = new Map<string, string[]>();
    for (const entry of [a, b]) {
      await subscribed(
        guest.channel(`entry:${entry._id}`, { config: { private: true } }).on('broadcast', { event: 'variants' }, ({ payload }) => {
          const event = payload as VariantsEvent;
          heard.set(event.contentId, event.variants.map((variant) => variant._id));
        }),
      );
    }
    await holdLink(pair);
    await expect.poll(() => Object.fromEntries(heard)).toEqual({ [a._id]: [], [b._id]: [] });
    for (const token of [undefined, reporters[0].token, olga.token, linker.token]) {
      expect(await variantsOf(a._id, token)).toEqual([]);
      expect(await variantsOf(b._id, token)).toEqual([]);
    }
    const search = await api<{ data: unknown[] }>(`/concept/search?q=${encodeURIComponent(a.title)}`);
    expect(search.body.data).toEqual([]);
    // A fourth learner no longer sees the link; its creator cannot unlink it either.
    const fourth = await report({ contentId: a._id, variantId: b._id, reason: 'wrong' }, reporters[3].token);
    expect(fourth.status).toBe(404);
    expect((await api(`/content/unlinkVariant/${a._id}/${b._id}`, { method: 'DELETE', token: linker.token })).status).toBe(404);
  });

  it('takes three new accounts’ reports but holds nothing: the pair still groups, the queue shows them untrusted', async () => {
    const { a, b } = await linkedPair('fresh');
    const newcomers = await Promise.all([0, 1, 2].map(() => createUser()));
    for (const newcomer of newcomers) expect((await report({ contentId: a._id, variantId: b._id, reason: 'wrong' }, newcomer.token)).status).toBe(201);
    expect(await variantsOf(a._id)).toEqual([b._id]);
    const queue = await api('/admin/getReports?status=open&limit=50', { token: admin.token });
    const row = queue.body.data.find((item: { kind: string; contentId: string }) => item.kind === 'link' && item.contentId === [a._id, b._id].sort()[0]);
    expect(row).toMatchObject({ count: 3, hidden: false });
    expect(row.reporters.map((reporter: { trusted: boolean }) => reporter.trusted)).toEqual([false, false, false]);
  });
});

describe('the admins’ queue and POST /api/admin/resolveReport {contentId, variantId, action}', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await linkedPair('queue');
    await holdLink(pair);
  });

  it('is for admins only (401 for guests, 403 for learners)', async () => {
    const body = { contentId: pair.a._id, variantId: pair.b._id, action: 'restore' };
    expect((await resolve(body)).status).toBe(401);
    for (const learner of [reporters[0], linker, olga]) {
      const reply = await resolve(body, learner.token);
      expect(reply.status).toBe(403);
      expect(reply.body.code).toBe('admin_required');
    }
  });

  it('lists the link with both entries (ids, titles, countries) in its preview', async () => {
    const reply = await api('/admin/getReports?status=open&limit=50', { token: admin.token });
    expect(reply.status).toBe(200);
    const row = reply.body.data.find((item: { kind: string; contentId: string }) => item.kind === 'link' && item.contentId === [pair.a._id, pair.b._id].sort()[0]);
    const [first, second] = [pair.a, pair.b].sort((x, y) => (x._id < y._id ? -1 : 1));
    expect(row).toMatchObject({
      kind: 'link',
      contentId: first._id,
      variantId: second._id,
      commentId: null,
      count: 3,
      reasons: { wrong: 3 },
      hidden: true,
      moderation: 'held',
      status: 'open',
      preview: {
        linked: true,
        linkedBy: 'Lina Linker',
        entries: [
          { _id: first._id, title: first.title, country: first.country, ownerName: first === pair.a ? 'Olga Owner' : 'Otto Owner' },
          { _id: second._id, title: second.title, country: second.country, ownerName: second === pair.a ? 'Olga Owner' : 'Otto Owner' },
        ],
      },
    });
  });

  it('refuses bad input (400) and a pair nobody reported (404)', async () => {
    const bad = await resolve({ contentId: pair.a._id, variantId: pair.b._id, action: 'nuke' }, admin.token);
    expect(bad.status).toBe(400);
    expect(bad.body.fieldCodes).toEqual({ action: 'invalid_report_action' });
    const noContent = await resolve({ variantId: pair.b._id, action: 'restore' }, admin.token);
    expect(noContent.status).toBe(400);
    expect(noContent.body.fieldCodes).toEqual({ contentId: 'report_target_required' });
    const unreported = await linkedPair('unreported');
    const reply = await resolve({ contentId: unreported.a._id, variantId: unreported.b._id, action: 'dismiss' }, admin.token);
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('report_not_found');
  });

  it('restores: the link groups again, live, audited', async () => {
    const guest = await realtimeClientAs();
    const heard = new Map<string, string[]>();
    await subscribed(
      guest.channel(`entry:${pair.a._id}`, { config: { private: true } }).on('broadcast', { event: 'variants' }, ({ payload }) => {
        const event = payload as VariantsEvent;
        heard.set(event.contentId, event.variants.map((variant) => variant._id));
      }),
    );
    const reply = await resolve({ contentId: pair.b._id, variantId: pair.a._id, action: 'restore', note: 'Same thing, fine.' }, admin.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ kind: 'link', status: 'resolved', resolution: 'restore', hidden: false, moderation: null });
    await expect.poll(() => heard.get(pair.a._id)).toEqual([pair.b._id]);
    expect(await variantsOf(pair.b._id)).toEqual([pair.a._id]);
    const audit = await api('/admin/getAuditLog?limit=100', { token: admin.token });
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({
        action: 'restore',
        targetType: 'variant_link',
        targetId: [pair.a._id, pair.b._id].sort().join(':'),
        reason: 'Same thing, fine.',
      }),
    );
  });

  it('dismisses a held link: it groups again', async () => {
    const held = await linkedPair('dismiss');
    await holdLink(held);
    expect(await variantsOf(held.a._id)).toEqual([]);
    const reply = await resolve({ contentId: held.a._id, variantId: held.b._id, action: 'dismiss' }, admin.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ resolution: 'dismiss', hidden: false });
    expect(await variantsOf(held.a._id)).toEqual([held.b._id]);
  });

  it('removes: the link is deleted (and can be reported no more), audited', async () => {
    const bad = await linkedPair('remove');
    await report({ contentId: bad.a._id, variantId: bad.b._id, reason: 'offensive' }, reporters[1].token);
    const reply = await resolve({ contentId: bad.a._id, variantId: bad.b._id, action: 'remove' }, admin.token);
    expect(reply.status).toBe(200);
    expect(reply.body.data).toMatchObject({ resolution: 'remove', moderation: 'removed', preview: expect.objectContaining({ linked: false }) });
    expect(await variantsOf(bad.a._id)).toEqual([]);
    expect((await report({ contentId: bad.a._id, variantId: bad.b._id, reason: 'wrong' }, reporters[2].token)).status).toBe(404);
    const audit = await api('/admin/getAuditLog?limit=100', { token: admin.token });
    expect(audit.body.data).toContainEqual(
      expect.objectContaining({ action: 'remove', targetType: 'variant_link', targetId: [bad.a._id, bad.b._id].sort().join(':') }),
    );
  });
});
