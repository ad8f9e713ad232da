import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { ListedUser } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Feedback } from '../../supabase/functions/_shared/contract/feedback.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Issue 17's admin work against the real stack: feedback marked handled and reopened
// (POST /api/admin/markFeedbackHandled, audited), each user's running ban in the users list
// (bannedUntil), and an entry's commentCount leaving out held and removed comments.

const unique = () => Math.random().toString(36).slice(2, 9);

let learner: TestUser;
let admin: TestUser;
let reporters: TestUser[];

beforeAll(async () => {
  [learner, admin, ...reporters] = await Promise.all([
    createUser({ name: 'Lena Learner' }),
    createUser({ admin: true, name: 'Ada Admin' }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
    createUser({ trusted: true }),
  ]);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

const mark = (body: unknown, token?: string | null) => api('/admin/markFeedbackHandled', { body, token });

async function listedFeedback(id: string): Promise<Feedback | undefined> {
  const reply = await api<{ data: Feedback[] }>('/feedback/getFeedback?limit=500', { token: admin.token });
  expect(reply.status).toBe(200);
  return reply.body.data.find((item) => item._id === id);
}

describe('POST /api/admin/markFeedbackHandled', () => {
  let feedbackId: string;
  beforeAll(async () => {
    // Straight into the table: the form's hourly limit per address is feedback-api's to test.
    [{ id: feedbackId }] = await adminSql()`insert into public.feedback (name, email, message, user_id)
      values ('Lena', 'lena@example.com', ${`Más de Chile ${unique()}`}, ${learner.id}) returning id`;
  });

  it('is for admins only: 401 for guests, 403 for learners (the sender too)', async () => {
    const guest = await mark({ feedbackId, handled: true });
    expect(guest.status).toBe(401);
    expect(guest.body.code).toBe('login_required');
    const refused = await mark({ feedbackId, handled: true }, learner.token);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'admin_required', message: "You don't have permission to view this page" });
  });

  it('answers malformed requests with 400 and an unknown id with 404', async () => {
    for (const body of [{}, { feedbackId: 'nope', handled: true }, { feedbackId, handled: 'yes' }, { feedbackId }, { feedbackId, handled: null }]) {
      const reply = await mark(body, admin.token);
      expect(reply.status, JSON.stringify(body)).toBe(400);
    }
    expect((await mark({ feedbackId: 'nope', handled: true }, admin.token)).body.fieldCodes).toEqual({ feedbackId: 'invalid_id' });
    expect((await mark({ feedbackId }, admin.token)).body.fieldCodes).toEqual({ handled: 'invalid_input' });
    const json = await api('/admin/markFeedbackHandled', { rawBody: '{"feedbackId":', token: admin.token, headers: { 'content-type': 'application/json' } });
    expect(json.status).toBe(400);
    const unknown = await mark({ feedbackId: randomUUID(), handled: true }, admin.token);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'feedback_not_found', message: 'Feedback not found.' });
  });

  it('marks handled and reopens, the list says so, and each change is audited once', async () => {
    const before = await listedFeedback(feedbackId);
    expect(before).toMatchObject({ handled: false, handledAt: null, handledBy: null, name: 'Lena', userId: learner.id });

    const handled = await mark({ feedbackId, handled: true }, admin.token);
    expect(handled.status).toBe(200);
    expect(handled.body).toEqual({
      success: true,
      data: expect.objectContaining({ _id: feedbackId, handled: true, handledAt: expect.any(String), handledBy: { _id: admin.id, name: 'Ada Admin' } }),
    });
    expect(Math.abs(Date.parse(handled.body.data.handledAt) - Date.now())).toBeLessThan(60_000);
    expect(await listedFeedback(feedbackId)).toMatchObject({ handled: true, handledAt: handled.body.data.handledAt });
    // Again: a success that changes nothing.
    expect((await mark({ feedbackId, handled: true }, admin.token)).body.data.handledAt).toBe(handled.body.data.handledAt);

    const reopened = await mark({ feedbackId, handled: false }, admin.token);
    expect(reopened.body.data).toMatchObject({ handled: false, handledAt: null, handledBy: null });
    expect(await listedFeedback(feedbackId)).toMatchObject({ handled: false, handledAt: null });

    const log = await api('/admin/getAuditLog?limit=100', { token: admin.token });
    const rows = log.body.data.filter((row: { targetId: string }) => row.targetId === feedbackId);
    expect(rows.map((row: { action: string }) => row.action)).toEqual(['feedback_reopened', 'feedback_handled']);
    expect(rows[1]).toMatchObject({ actor: { _id: admin.id, name: 'Ada Admin' }, targetType: 'feedback' });
    await expect(adminSql()`delete from public.audit_log where target_id = ${feedbackId}`).rejects.toMatchObject({ code: 'PT403' });
  });
});

describe('GET /api/user/getUsers: bannedUntil', () => {
  const listed = async (id: string): Promise<ListedUser | undefined> => {
    const reply = await api<{ users: ListedUser[] }>('/user/getUsers', { token: admin.token });
    expect(reply.status).toBe(200);
    return reply.body.users.find((user) => user._id === id);
  };

  it('says whom a ban holds and until when; null when none, ended, or lifted', async () => {
    const target = await createUser({ name: 'Bea Banned' });
    expect(await listed(target.id)).toMatchObject({ _id: target.id, name: 'Bea Banned', isAdmin: false, bannedUntil: null });

    const until = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const banned = await api('/admin/banUser', { body: { userId: target.id, banned: true, reason: 'Spam.', until }, token: admin.token });
    expect(banned.status).toBe(200);
    expect(Date.parse(banned.body.user.bannedUntil)).toBe(Date.parse(until));
    expect(Date.parse((await listed(target.id))!.bannedUntil!)).toBe(Date.parse(until));

    await adminSql()`update auth.users set banned_until = now() - interval '1 minute' where id = ${target.id}`;
    expect((await listed(target.id))!.bannedUntil).toBeNull();

    await api('/admin/banUser', { body: { userId: target.id, banned: true }, token: admin.token });
    expect(Date.parse((await listed(target.id))!.bannedUntil!)).toBeGreaterThan(Date.now() + 99 * 365 * 86_400_000);
    expect((await api('/admin/banUser', { body: { userId: target.id, banned: false }, token: admin.token })).status).toBe(200);
    expect((await listed(target.id))!.bannedUntil).toBeNull();
  });

  it('is still for admins only', async () => {
    expect((await api('/user/getUsers')).status).toBe(401);
    expect((await api('/user/getUsers', { token: learner.token })).status).toBe(403);
  });

  it('refuses what the table never offers: banning yourself or another admin', async () => {
    const other = await createUser({ admin: true });
    expect((await api('/admin/banUser', { body: { userId: admin.id, banned: true }, token: admin.token })).body.code).toBe('ban_self');
    const adminBan = await api('/admin/banUser', { body: { userId: other.id, banned: true }, token: admin.token });
    expect(adminBan.status).toBe(409);
    expect(adminBan.body.code).toBe('ban_admin');
    expect((await api('/admin/banUser', { body: { userId: learner.id, banned: true, reason: 'r'.repeat(501) }, token: admin.token })).status).toBe(400);
  });
});

describe('commentCount leaves out held and removed comments', () => {
  it('goes down at the hold (live), stays through remove, comes back at restore, and a held comment deleted is not counted twice', async () => {
    const added = await api<{ data: Entry }>('/content/addContent', {
      body: { title: `chévere ${unique()}`, description: 'Great.', country: 'VE', author: 'Count tests' },
      token: learner.token,
    });
    const entryId = added.body.data._id;
    const count = async () => (await api<Entry>(`/content/getContentById/${entryId}`)).body.commentCount;
    const comment = async (token: string, text: string) =>
      (await api('/comment/addComment', { body: { contentId: entryId, text }, token })).body.data._id as string;
    const spam = await comment(learner.token, 'Compra aquí.');
    await comment(reporters[0].token, 'Muy usado en Caracas.');
    expect(await count()).toBe(2);

    const client = await realtimeClientAs(reporters[0].token);
    const counts: unknown[] = [];
    await subscribed(
      client
        .channel(`entry:${entryId}`, { config: { private: true } })
        .on('broadcast', { event: 'comment_hidden' }, ({ payload }) => counts.push(payload.commentCount)),
    );
    for (const reporter of reporters) {
      expect((await api('/report/addReport', { body: { commentId: spam, reason: 'spam' }, token: reporter.token })).status).toBe(201);
    }
    expect(await count()).toBe(1);
    await expect.poll(() => counts).toEqual([1]);

    const resolve = (action: string) => api('/admin/resolveReport', { body: { commentId: spam, action }, token: admin.token });
    expect((await resolve('remove')).status).toBe(200);
    expect(await count()).toBe(1);
    expect((await resolve('restore')).status).toBe(200);
    expect(await count()).toBe(2);

    await adminSql()`update public.comments set moderation = 'held' where id = ${spam}`;
    expect(await count()).toBe(1);
    expect((await api(`/comment/deleteComment/${spam}`, { method: 'DELETE', token: learner.token })).status).toBe(200);
    expect(await count()).toBe(1);
  });
});
