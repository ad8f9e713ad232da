import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthReply } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/report and /api/admin against the real stack: reports, the hold at three trusted accounts
// (lists, search, the entry page, comments, live), the admins' queue, restore / remove /
// dismiss, bans, and the audit log. (report-brigade.test.ts: reports by untrusted accounts.)

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let reporters: TestUser[];
let admin: TestUser;

async function addEntry(title: string): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title, description: 'Junk.', country: 'MX', author: 'Moderation tests' },
    token: owner.token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const report = (token: string, body: Record<string, unknown>) => api('/report/addReport', { body, token });

async function titlesOnHome(token?: string): Promise<string[]> {
  const reply = await api<{ data: Entry[] }>('/content/getContents?limit=100', { token });
  return reply.body.data.map((entry) => entry.title);
}

beforeAll(async () => {
  [owner, admin, ...reporters] = await Promise.all([
    createUser({ name: 'Olga Owner' }),
    createUser({ admin: true, name: 'Ada Admin' }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
  ]);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('POST /api/report/addReport', () => {
  let entry: Entry;
  beforeAll(async () => {
    entry = await addEntry(`x${'x'.repeat(30)} ${unique()}`);
  });

  it('asks guests to log in', async () => {
    const reply = await api('/report/addReport', { body: { contentId: entry._id, reason: 'spam' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'report_login_required' });
  });

  it('refuses an unknown reason, a long note, no target or two, your own entry, and an unknown one', async () => {
    const token = reporters[0].token;
    expect((await report(token, { contentId: entry._id, reason: 'boring' })).body.fieldCodes).toEqual({ reason: 'invalid_report_reason' });
    expect((await report(token, { contentId: entry._id, reason: 'other', note: 'n'.repeat(501) })).body.fieldCodes).toEqual({
      note: 'report_note_too_long',
    });
    for (const body of [{ reason: 'spam' }, { contentId: entry._id, commentId: randomUUID(), reason: 'spam' }]) {
      const reply = await report(token, body);
      expect(reply.status).toBe(400);
      expect(reply.body.fieldCodes).toEqual({ contentId: 'report_target_required' });
    }
    const own = await report(owner.token, { contentId: entry._id, reason: 'spam' });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ code: 'report_own', message: 'You cannot report your own contribution.' });
    expect((await report(token, { contentId: randomUUID(), reason: 'spam' })).status).toBe(404);
    expect((await report(token, { recordingId: randomUUID(), reason: 'spam' })).status).toBe(404);
    const nul = await report(token, { contentId: entry._id, reason: 'other', note: 'a\u0000b' });
    expect(nul.status).toBe(400);
  });

  it('counts one account once, and hides the entry at the third, live and everywhere but for its owner and admins', async () => {
    const first = await report(reporters[0].token, { contentId: entry._id, reason: 'spam', note: 'Only x.' });
    expect(first.status).toBe(201);
    const again = await report(reporters[0].token, { contentId: entry._id, reason: 'offensive' });
    expect(again.status).toBe(200);
    expect(again.body.data.repeated).toBe(true);
    await report(reporters[1].token, { contentId: entry._id, reason: 'spam' });
    expect(await titlesOnHome()).toContain(entry.title);

    // A fourth learner's window: the home grid's topic and the entry's page.
    const client = await realtimeClientAs(reporters[3].token);
    const events: string[] = [];
    await subscribed(client.channel('entries', { config: { private: true } }).on('broadcast', { event: 'hidden' }, ({ payload }) => events.push(`list:${payload.contentId}`)));
    await subscribed(
      client.channel(`entry:${entry._id}`, { config: { private: true } }).on('broadcast', { event: 'hidden' }, ({ payload }) => events.push(`page:${payload.contentId}`)),
    );

    expect((await report(reporters[2].token, { contentId: entry._id, reason: 'wrong' })).status).toBe(201);
    await expect.poll(() => [...events].sort()).toEqual([`list:${entry._id}`, `page:${entry._id}`]);

    expect(await titlesOnHome()).not.toContain(entry.title);
    expect(await titlesOnHome(reporters[3].token)).not.toContain(entry.title);
    const search = await api<{ data: Entry[] }>(`/content/getContents?q=${encodeURIComponent(entry.title)}`);
    expect(search.body.data).toEqual([]);
    expect((await api(`/content/getContentById/${entry._id}`)).status).toBe(404);
    expect((await api(`/content/getContentById/${entry._id}`, { token: reporters[3].token })).status).toBe(404);
    const asOwner = await api<Entry & { moderation?: string }>(`/content/getContentById/${entry._id}`, { token: owner.token });
    expect(asOwner.status).toBe(200);
    expect(asOwner.body.moderation).toBe('held');
    const asAdmin = await api<Entry & { moderation?: string }>(`/content/getContentById/${entry._id}`, { token: admin.token });
    expect(asAdmin.body.moderation).toBe('held');
  });

  it('holds a comment at three accounts: it leaves the entry’s comments, its writer still sees it', async () => {
    const host = await addEntry(`chévere ${unique()}`);
    const added = await api('/comment/addComment', { body: { contentId: host._id, text: 'Compra aquí.' }, token: reporters[3].token });
    const commentId = added.body.data._id as string;
    for (const reporter of reporters.slice(0, 3)) expect((await report(reporter.token, { commentId, reason: 'spam' })).status).toBe(201);
    const asGuest = await api<{ _id: string }[]>(`/comment/getCommentsByContentId/${host._id}`);
    expect(asGuest.body).toEqual([]);
    const asWriter = await api<{ _id: string; moderation?: string }[]>(`/comment/getCommentsByContentId/${host._id}`, {
      token: reporters[3].token,
    });
    expect(asWriter.body).toEqual([expect.objectContaining({ _id: commentId, moderation: 'held' })]);
  });
});

describe('/api/admin', () => {
  let entry: Entry;
  beforeAll(async () => {
    entry = await addEntry(`by Shakira ${unique()}`);
    for (const [i, reporter] of reporters.slice(0, 3).entries()) {
      await report(reporter.token, { contentId: entry._id, reason: i === 0 ? 'offensive' : 'spam', note: i === 0 ? 'Fake byline.' : undefined });
    }
  });

  it('is for admins only', async () => {
    expect((await api('/admin/getReports')).status).toBe(401);
    const learner = await api('/admin/getReports', { token: owner.token });
    expect(learner.status).toBe(403);
    expect(learner.body.code).toBe('admin_required');
    for (const [path, body] of [
      ['/admin/resolveReport', { contentId: entry._id, action: 'restore' }],
      ['/admin/banUser', { userId: owner.id, banned: true }],
    ] as const) {
      expect((await api(path, { body, token: owner.token })).status).toBe(403);
    }
    expect((await api('/admin/getAuditLog', { token: owner.token })).status).toBe(403);
  });

  it('pages the open queue, one row per reported thing', async () => {
    const reply = await api('/admin/getReports?status=open&limit=50', { token: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body.open).toBeGreaterThanOrEqual(1);
    const row = reply.body.data.find((item: { contentId: string; commentId: string | null }) => item.contentId === entry._id && !item.commentId);
    expect(row).toMatchObject({
      contentId: entry._id,
      commentId: null,
      recordingId: null,
      count: 3,
      reasons: { offensive: 1, spam: 2 },
      notes: [expect.objectContaining({ text: 'Fake byline.', reason: 'offensive' })],
      hidden: true,
      status: 'open',
      preview: expect.objectContaining({ title: entry.title, ownerName: 'Olga Owner' }),
    });
    expect(Date.parse(row.firstReportedAt)).toBeLessThanOrEqual(Date.parse(row.lastReportedAt));
    // Each reporter with their account's creation time (73 hours back here) and trust.
    expect(row.reporters).toHaveLength(3);
    for (const reporter of row.reporters as { reason: string; createdAt: string; reporterCreatedAt: string; trusted: boolean }[]) {
      expect(reporter).toEqual({ reason: expect.any(String), createdAt: expect.any(String), reporterCreatedAt: expect.any(String), trusted: true });
      expect(Math.round((Date.parse(reporter.createdAt) - Date.parse(reporter.reporterCreatedAt)) / 3_600_000)).toBe(73);
    }
    const firstPage = await api('/admin/getReports?limit=1', { token: admin.token });
    expect(firstPage.body.data).toHaveLength(1);
    expect(firstPage.body.nextCursor).toEqual(expect.any(String));
    const second = await api(`/admin/getReports?limit=1&cursor=${firstPage.body.nextCursor}`, { token: admin.token });
    expect(second.body.data[0]._id).not.toBe(firstPage.body.data[0]._id);
    expect((await api('/admin/getReports?cursor=nonsense', { token: admin.token })).status).toBe(400);
    expect((await api('/admin/getReports?status=maybe', { token: admin.token })).status).toBe(400);
  });

  it('restores, removes and dismisses, closing the reports, each audited', async () => {
    const bad = await api('/admin/resolveReport', { body: { contentId: entry._id, action: 'nuke' }, token: admin.token });
    expect(bad.body.fieldCodes).toEqual({ action: 'invalid_report_action' });
    const restored = await api('/admin/resolveReport', { body: { contentId: entry._id, action: 'restore', note: 'A real artist name.' }, token: admin.token });
    expect(restored.status).toBe(200);
    expect(restored.body.data).toMatchObject({ status: 'resolved', resolution: 'restore', hidden: false });
    expect(await titlesOnHome()).toContain(entry.title);

    const removedEntry = await addEntry(`junk ${unique()}`);
    await report(reporters[0].token, { contentId: removedEntry._id, reason: 'spam' });
    const removed = await api('/admin/resolveReport', { body: { contentId: removedEntry._id, action: 'remove' }, token: admin.token });
    expect(removed.body.data).toMatchObject({ resolution: 'remove', moderation: 'removed' });
    expect((await api(`/content/getContentById/${removedEntry._id}`)).status).toBe(404);
    // The owner cannot show it again.
    await api('/content/updateContent', { method: 'PUT', body: { _id: removedEntry._id, show: true }, token: owner.token });
    expect((await api(`/content/getContentById/${removedEntry._id}`)).status).toBe(404);

    const fineEntry = await addEntry(`fine ${unique()}`);
    await report(reporters[0].token, { contentId: fineEntry._id, reason: 'duplicate' });
    const dismissed = await api('/admin/resolveReport', { body: { contentId: fineEntry._id, action: 'dismiss' }, token: admin.token });
    expect(dismissed.body.data).toMatchObject({ resolution: 'dismiss', hidden: false });
    expect((await api(`/content/getContentById/${fineEntry._id}`)).status).toBe(200);
    const unreported = await api('/admin/resolveReport', { body: { contentId: (await addEntry(`clean ${unique()}`))._id, action: 'dismiss' }, token: admin.token });
    expect(unreported.status).toBe(404);

    const resolved = await api('/admin/getReports?status=resolved&limit=50', { token: admin.token });
    expect(resolved.body.data.map((row: { contentId: string }) => row.contentId)).toEqual(expect.arrayContaining([entry._id, removedEntry._id, fineEntry._id]));
    const [{ open }] = await adminSql()`select count(*)::int as open from public.reports r join public.moderation_cases m on m.id = r.case_id
                                          where m.entry_id = ${entry._id} and r.open`;
    expect(open).toBe(0);

    const log = await api('/admin/getAuditLog?limit=100', { token: admin.token });
    expect(log.status).toBe(200);
    const mine = log.body.data.filter((row: { targetId: string }) => [entry._id, removedEntry._id, fineEntry._id].includes(row.targetId));
    expect(mine.map((row: { action: string }) => row.action).sort()).toEqual(['dismiss', 'remove', 'restore']);
    expect(mine.find((row: { action: string }) => row.action === 'restore')).toMatchObject({
      actor: { _id: admin.id, name: 'Ada Admin' },
      targetType: 'entry',
      reason: 'A real artist name.',
    });
  });

  it('bans: sessions end at once, sign-in is refused with a clear message; lifting it lets them back', async () => {
    const email = `ban-${randomUUID().slice(0, 8)}@test.jerga.local`;
    const registered = await api<AuthReply>('/user/register', {
      body: { name: 'Bruno Banned', email, password: 'correct-horse-9', confirmPassword: 'correct-horse-9' },
    });
    expect(registered.status).toBe(201);
    const user = registered.body.user!;
    const token = registered.body.session!.access_token;
    expect((await api('/auth/getUser', { token })).status).toBe(200);

    expect((await api('/admin/banUser', { body: { userId: admin.id, banned: true }, token: admin.token })).body.code).toBe('ban_self');
    const past = await api('/admin/banUser', { body: { userId: user._id, banned: true, until: '2020-01-01T00:00:00Z' }, token: admin.token });
    expect(past.body.code).toBe('invalid_ban_until');
    const banned = await api('/admin/banUser', { body: { userId: user._id, banned: true, reason: 'Spam ring.' }, token: admin.token });
    expect(banned.status).toBe(200);
    expect(Date.parse(banned.body.user.bannedUntil)).toBeGreaterThan(Date.now() + 99 * 365 * 86_400_000);

    expect((await api('/comment/addComment', { body: { contentId: entry._id, text: 'Hola' }, token })).status).toBe(401);
    const login = await api('/auth/login', { body: { email, password: 'correct-horse-9' } });
    expect(login.status).toBe(403);
    expect(login.body).toMatchObject({ code: 'user_banned', message: 'This account has been suspended by the moderators.' });

    expect((await api('/admin/banUser', { body: { userId: user._id, banned: false }, token: admin.token })).status).toBe(200);
    expect((await api('/auth/login', { body: { email, password: 'correct-horse-9' } })).status).toBe(200);
    const log = await api('/admin/getAuditLog', { token: admin.token });
    const rows = log.body.data.filter((row: { targetId: string }) => row.targetId === user._id);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['unban', 'ban']);
    expect(rows[1].reason).toBe('Spam ring.');
  });
});
