import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthReply } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// The inbox (/api/notification), replies (/api/comment/addComment with parentId),
// notification settings (/api/user/update) and "Delete my account"
// (/api/user/deleteAccount, /api/admin/deleteUser) against the real stack.

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let fans: TestUser[];
let entry: Entry;

interface Inbox {
  data: { _id: string; kind: string; contentId: string; actorName: string | null; text: string; read: boolean; count: number }[];
  unread: number;
  nextCursor: string | null;
}
const inbox = (token: string, query = '') => api<Inbox>(`/notification/getNotifications${query}`, { token });

beforeAll(async () => {
  [owner, ...fans] = await Promise.all([createUser({ name: 'Olga Owner' }), createUser({ name: 'Fede Fan' }), createUser({ name: 'Flor Fan' })]);
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `¡Qué chimba! ${unique()}`, description: 'Great!', country: 'CO', author: 'Notification tests' },
    token: owner.token,
  });
  entry = reply.body.data;
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

describe('/api/notification', () => {
  it('asks guests to log in', async () => {
    expect((await api('/notification/getNotifications')).status).toBe(401);
    expect((await api('/notification/markRead', { body: { all: true } })).status).toBe(401);
  });

  it('tells the owner of comments and of votes, grouped per entry, live and in the inbox', async () => {
    const client = await realtimeClientAs(owner.token);
    const live: string[] = [];
    await subscribed(client.channel(`user:${owner.id}`, { config: { private: true } }).on('broadcast', { event: 'notification' }, ({ payload }) => live.push(payload.kind)));

    await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: fans[0].token });
    await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: fans[1].token });
    const comment = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Muy paisa.' }, token: fans[0].token });
    expect(comment.status).toBe(201);

    const reply = await inbox(owner.token);
    expect(reply.status).toBe(200);
    expect(reply.body.unread).toBe(2);
    expect(reply.body.data.map((item) => [item.kind, item.text])).toEqual([
      ['comment', `Fede Fan commented on ${entry.title}`],
      ['vote', `2 people voted on ${entry.title}`],
    ]);
    expect(reply.body.data[0]).toMatchObject({ contentId: entry._id, actorName: 'Fede Fan', read: false, createdAt: expect.any(String) });
    await expect.poll(() => [...live].sort()).toEqual(['comment', 'vote', 'vote']);

    // Nobody else reads them.
    expect((await inbox(fans[0].token)).body.data.filter((item) => item.contentId === entry._id && item.kind !== 'reply')).toEqual([]);
  });

  it('marks some or all read, only the caller’s own', async () => {
    const before = await inbox(owner.token);
    const [first] = before.body.data;
    const someoneElse = await api('/notification/markRead', { body: { ids: [first._id] }, token: fans[1].token });
    expect(someoneElse.status).toBe(200);
    expect((await inbox(owner.token)).body.unread).toBe(before.body.unread);
    const one = await api('/notification/markRead', { body: { ids: [first._id] }, token: owner.token });
    expect(one.body).toEqual({ success: true, unread: before.body.unread - 1 });
    const all = await api('/notification/markRead', { body: { all: true }, token: owner.token });
    expect(all.body.unread).toBe(0);
    expect((await inbox(owner.token)).body.data.every((item) => item.read)).toBe(true);
    expect((await api('/notification/markRead', { body: {}, token: owner.token })).status).toBe(400);
    expect((await api('/notification/markRead', { body: { ids: ['nope'] }, token: owner.token })).status).toBe(400);
  });

  it('pages with a cursor', async () => {
    const first = await inbox(owner.token, '?limit=1');
    expect(first.body.data).toHaveLength(1);
    const second = await inbox(owner.token, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.data[0]._id).not.toBe(first.body.data[0]._id);
    expect((await inbox(owner.token, '?cursor=garbage')).status).toBe(400);
  });
});

describe('replies', () => {
  it('come back with parentId, one level deep, and tell the comment’s author', async () => {
    const top = await api('/comment/addComment', { body: { contentId: entry._id, text: '¿Dónde se dice?' }, token: fans[1].token });
    const answer = await api('/comment/addComment', { body: { contentId: entry._id, text: 'En Medellín.', parentId: top.body.data._id }, token: fans[0].token });
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({ parentId: top.body.data._id, text: 'En Medellín.' });
    const deeper = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Y en Cali.', parentId: answer.body.data._id }, token: owner.token });
    expect(deeper.body.data.parentId).toBe(top.body.data._id);
    const list = await api<{ _id: string; parentId?: string }[]>(`/comment/getCommentsByContentId/${entry._id}`);
    expect(list.body.find((item) => item._id === answer.body.data._id)?.parentId).toBe(top.body.data._id);
    const unknownParent = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Hola', parentId: randomUUID() }, token: fans[0].token });
    expect(unknownParent.status).toBe(404);
    expect((await api('/comment/addComment', { body: { contentId: entry._id, text: 'Hola', parentId: 'x' }, token: fans[0].token })).status).toBe(400);

    const floras = await inbox(fans[1].token);
    expect(floras.body.data.filter((item) => item.kind === 'reply').map((item) => item.actorName).sort()).toEqual(['Fede Fan', 'Olga Owner']);
  });
});

describe('notification settings', () => {
  it('turn a kind off for the inbox and the live toasts', async () => {
    const bad = await api('/user/update', { body: { notifications: { votes: 'no' } }, token: owner.token });
    expect(bad.status).toBe(400);
    await api('/notification/markRead', { body: { all: true }, token: owner.token });
    const off = await api('/user/update', { body: { notifications: { votes: false } }, token: owner.token });
    expect(off.status).toBe(200);
    expect(off.body.user.notifications).toEqual({ comments: true, replies: true, votes: false, moderation: true });

    const client = await realtimeClientAs(owner.token);
    const live: string[] = [];
    await subscribed(client.channel(`user:${owner.id}`, { config: { private: true } }).on('broadcast', { event: 'notification' }, ({ payload }) => live.push(payload.kind)));
    const voter = await createUser();
    await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'downvote' }, token: voter.token });
    await api('/comment/addComment', { body: { contentId: entry._id, text: 'Ya.' }, token: voter.token });
    await expect.poll(() => live).toEqual(['comment']);
    const unread = (await inbox(owner.token)).body.data.filter((item) => !item.read);
    expect(unread.map((item) => item.kind)).toEqual(['comment']);
  });
});

describe('POST /api/user/deleteAccount', () => {
  async function registered(name: string) {
    const email = `leave-${randomUUID().slice(0, 8)}@test.jerga.local`;
    const reply = await api<AuthReply>('/user/register', { body: { name, email, password: 'correct-horse-9', confirmPassword: 'correct-horse-9' } });
    expect(reply.status).toBe(201);
    return { email, id: reply.body.user!._id, token: reply.body.session!.access_token };
  }

  it('needs the current password; then the account goes and its entries and comments stay, by “deleted user”', async () => {
    const leaver = await registered('Lea Leaver');
    const added = await api<{ data: Entry }>('/content/addContent', {
      body: { title: `guagua ${unique()}`, description: 'Bus.', country: 'CU', author: 'Lea' },
      token: leaver.token,
    });
    await api('/comment/addComment', { body: { contentId: entry._id, text: 'Me voy.' }, token: leaver.token });
    await api('/flashcard/addFlashcard', { body: { contentId: entry._id, userId: leaver.id }, token: leaver.token });

    expect((await api('/user/deleteAccount', { body: {} })).status).toBe(401);
    const missing = await api('/user/deleteAccount', { body: {}, token: leaver.token });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('current_password_required');
    const wrong = await api('/user/deleteAccount', { body: { currentPassword: 'wrong-horse' }, token: leaver.token });
    expect(wrong.status).toBe(403);
    expect((await api('/auth/getUser', { token: leaver.token })).status).toBe(200);

    const done = await api('/user/deleteAccount', { body: { currentPassword: 'correct-horse-9' }, token: leaver.token });
    expect(done.status).toBe(200);
    expect((await api('/auth/getUser', { token: leaver.token })).status).toBe(401);
    expect((await api('/auth/login', { body: { email: leaver.email, password: 'correct-horse-9' } })).status).toBe(401);
    expect((await api(`/content/getContentById/${added.body.data._id}`)).body).toMatchObject({ author: 'Lea', owner: null });
    const comments = await api<{ text: string; owner: { _id: string | null; name: string } }[]>(`/comment/getCommentsByContentId/${entry._id}`);
    expect(comments.body.find((item) => item.text === 'Me voy.')?.owner).toEqual({ _id: null, name: 'deleted user' });
    const [{ cards }] = await adminSql()`select count(*)::int as cards from public.flashcards where user_id = ${leaver.id}`;
    expect(cards).toBe(0);
  });

  it('tells an account with no password (made with Google) so, and deletes nothing', async () => {
    const googleOnly = await createUser({ name: 'Gus Google' });
    const reply = await api('/user/deleteAccount', { body: { currentPassword: 'anything-at-all' }, token: googleOnly.token });
    expect(reply.status).toBe(409);
    expect(reply.body.code).toBe('no_password');
    expect((await api('/auth/getUser', { token: googleOnly.token })).status).toBe(200);
  });

  it('lets an admin delete a learner’s account, audited; not a learner', async () => {
    const [admin, learner] = await Promise.all([createUser({ admin: true, name: 'Ada Admin' }), createUser()]);
    expect((await api('/admin/deleteUser', { body: { userId: learner.id }, token: fans[0].token })).status).toBe(403);
    const done = await api('/admin/deleteUser', { body: { userId: learner.id }, token: admin.token });
    expect(done.status).toBe(200);
    const log = await api('/admin/getAuditLog', { token: admin.token });
    expect(log.body.data.find((row: { targetId: string }) => row.targetId === learner.id)).toMatchObject({ action: 'delete_account', actor: { _id: admin.id } });
  });
});
