import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProfileReply } from '../../supabase/functions/_shared/contract/accounts.ts';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Tag } from '../../supabase/functions/_shared/contract/tags.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Bylines (entry_json's addedBy and ownerDeleted), GET /api/user/getProfile/:userId, and
// canRemove on an entry's tags, against the real stack: guests, the owner, other learners,
// an admin, and a deleted account.

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let tagger: TestUser;
let stranger: TestUser;
let admin: TestUser;
/** The owner's entries, oldest first: shown, hidden, held, shown. */
let entries: Entry[];
let guestEntry: Entry;

async function addEntry(title: string, token?: string): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title, description: 'A word.', country: 'MX', author: 'Profile tests' },
    token,
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

const profileOf = (userId: string, query = '', token?: string) => api<ProfileReply>(`/user/getProfile/${userId}${query}`, { token });

beforeAll(async () => {
  [owner, tagger, stranger, admin] = await Promise.all([
    createUser({ name: `Olga ${unique()}` }),
    createUser({ name: 'Tomas Tagger' }),
    createUser({ name: 'Sara Stranger' }),
    createUser({ admin: true, name: 'Ada Admin' }),
  ]);
  entries = [];
  for (const word of ['chido', 'vaina', 'pendejada', 'neta']) entries.push(await addEntry(`${word} ${unique()}`, owner.token));
  const hidden = await api('/content/updateContent', { method: 'PUT', body: { _id: entries[1]._id, show: false }, token: owner.token });
  expect(hidden.status).toBe(200);
  await adminSql()`update public.entries set moderation = 'held' where id = ${entries[2]._id}`;
  guestEntry = await addEntry(`guagua ${unique()}`);
});

afterAll(closeAdminSql);

describe('bylines', () => {
  it('say which account added an entry, its display name only, to anyone', async () => {
    const reply = await api<Entry>(`/content/getContentById/${entries[0]._id}`);
    expect(reply.status).toBe(200);
    expect(reply.body.addedBy).toEqual({ _id: owner.id, name: owner.name });
    expect(reply.body.ownerDeleted).toBe(false);
    expect(reply.body.author).toBe('Profile tests');
    expect(JSON.stringify(reply.body)).not.toMatch(/@test\.jerga\.local|isAdmin|streak/i);
  });

  it('are null for a guest’s entry, in lists too', async () => {
    const reply = await api<Entry>(`/content/getContentById/${guestEntry._id}`);
    expect(reply.body).toMatchObject({ owner: null, addedBy: null, ownerDeleted: false });
    const home = await api<{ data: Entry[] }>('/content/getContents?limit=100');
    expect(home.body.data.find((entry) => entry._id === entries[3]._id)?.addedBy).toEqual({ _id: owner.id, name: owner.name });
  });

  it('say “deleted user” (ownerDeleted) once the account is gone, whose profile is then not found', async () => {
    const leaver = await createUser({ name: 'Lea Leaver' });
    const entry = await addEntry(`bondi ${unique()}`, leaver.token);
    expect((await profileOf(leaver.id)).status).toBe(200);
    expect((await api('/admin/deleteUser', { body: { userId: leaver.id }, token: admin.token })).status).toBe(200);
    const reply = await api<Entry>(`/content/getContentById/${entry._id}`);
    expect(reply.body).toMatchObject({ owner: null, addedBy: null, ownerDeleted: true });
    const gone = await profileOf(leaver.id);
    expect(gone.status).toBe(404);
    expect(gone.body).toMatchObject({ code: 'user_not_found' });
  });
});

describe('GET /api/user/getProfile/:userId', () => {
  it('gives anyone the learner’s name, join date and shown entries, newest first, and nothing private', async () => {
    const reply = await profileOf(owner.id);
    expect(reply.status).toBe(200);
    expect(Object.keys(reply.body).sort()).toEqual(['data', 'nextCursor', 'user']);
    expect(Object.keys(reply.body.user).sort()).toEqual(['_id', 'createdAt', 'entryCount', 'name']);
    expect(reply.body.user).toMatchObject({ _id: owner.id, name: owner.name, entryCount: 2 });
    expect(Number.isNaN(Date.parse(reply.body.user.createdAt))).toBe(false);
    expect(reply.body.data.map((entry) => entry._id)).toEqual([entries[3]._id, entries[0]._id]);
    expect(reply.body.nextCursor).toBeNull();
    expect(JSON.stringify(reply.body)).not.toMatch(/@test\.jerga\.local|isAdmin|streak|lastLogin|timeZone/i);
  });

  it('keeps hidden and held entries off the profile for everyone, the owner and admins included', async () => {
    for (const token of [undefined, stranger.token, owner.token, admin.token]) {
      const reply = await profileOf(owner.id, '', token);
      expect(reply.status).toBe(200);
      expect(reply.body.data.map((entry) => entry._id)).toEqual([entries[3]._id, entries[0]._id]);
      expect(reply.body.user.entryCount).toBe(2);
    }
  });

  it('pages with limit and cursor', async () => {
    const first = await profileOf(owner.id, '?limit=1');
    expect(first.body.data.map((entry) => entry._id)).toEqual([entries[3]._id]);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    const second = await profileOf(owner.id, `?limit=1&cursor=${first.body.nextCursor}`);
    expect(second.body.data.map((entry) => entry._id)).toEqual([entries[0]._id]);
    expect(second.body.nextCursor).toBeNull();
    expect(second.body.user.entryCount).toBe(2);
  });

  it('says user_not_found for an unknown or malformed id, and 400 for a bad page; never a 5xx', async () => {
    for (const id of [randomUUID(), 'not-a-uuid', '12345', encodeURIComponent("' or 1=1 --"), '00000000-0000-0000-0000-00000000000z']) {
      const reply = await profileOf(id);
      expect(reply.status, id).toBe(404);
      expect(reply.body).toMatchObject({ success: false, code: 'user_not_found', message: 'User not found.' });
    }
    for (const query of ['?limit=0', '?limit=101', '?limit=x', '?cursor=nonsense', `?cursor=${Buffer.from('["2026-01-01T00:00:00Z","x"]').toString('base64url')}`]) {
      const reply = await profileOf(owner.id, query);
      expect(reply.status, query).toBe(400);
    }
  });
});

describe('canRemove on an entry’s tags', () => {
  let entry: Entry;
  let tag: Tag;
  let ownersTag: Tag;
  const names = (tags: Tag[]) => Object.fromEntries(tags.map((item) => [item.name, item.canRemove]));

  beforeAll(async () => {
    entry = entries[0];
    const created = await api<{ data: Tag }>('/tag/addTag', { body: { name: `t${unique()}` }, token: tagger.token });
    expect(created.status).toBe(201);
    tag = created.body.data;
    const mine = await api<{ data: Tag }>('/tag/addTag', { body: { name: `o${unique()}` }, token: owner.token });
    ownersTag = mine.body.data;
    expect((await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: ownersTag._id }, token: owner.token })).status).toBe(201);
  });

  it('is true in the tagging reply for whoever added the tag, false for the owner’s', async () => {
    const reply = await api<{ data: Tag[] }>('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id }, token: tagger.token });
    expect(reply.status).toBe(201);
    expect(names(reply.body.data)).toEqual({ [tag.name]: true, [ownersTag.name]: false });
    expect(reply.body.data.find((item) => item._id === tag._id)).toMatchObject({ _id: tag._id, name: tag.name, owner: tagger.id });
  });

  it('follows the rule per reader, in getTagsForContent and in the entry', async () => {
    const cases: [string, string | undefined, Record<string, boolean>][] = [
      ['guest', undefined, { [tag.name]: false, [ownersTag.name]: false }],
      ['stranger', stranger.token, { [tag.name]: false, [ownersTag.name]: false }],
      ['tagger', tagger.token, { [tag.name]: true, [ownersTag.name]: false }],
      ['owner', owner.token, { [tag.name]: true, [ownersTag.name]: true }],
      ['admin', admin.token, { [tag.name]: true, [ownersTag.name]: true }],
    ];
    for (const [who, token, expected] of cases) {
      const tags = await api<{ data: Tag[] }>(`/tag/getTagsForContent/${entry._id}`, { token });
      expect(names(tags.body.data), who).toEqual(expected);
      const full = await api<Entry>(`/content/getContentById/${entry._id}`, { token });
      expect(names(full.body.tags), who).toEqual(expected);
    }
  });

  it('tells the truth: where it is false the removal is refused, where true it works', async () => {
    const refused = await api(`/tag/removeTagFromContent/${entry._id}/${tag._id}`, { method: 'DELETE', token: stranger.token });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'forbidden' });
    const taggerRefused = await api(`/tag/removeTagFromContent/${entry._id}/${ownersTag._id}`, { method: 'DELETE', token: tagger.token });
    expect(taggerRefused.status).toBe(403);
    const removed = await api<{ data: Tag[] }>(`/tag/removeTagFromContent/${entry._id}/${tag._id}`, { method: 'DELETE', token: owner.token });
    expect(removed.status).toBe(200);
    expect(names(removed.body.data)).toEqual({ [ownersTag.name]: true });
  });
});
