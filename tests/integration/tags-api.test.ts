import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import type { Tag } from '../../supabase/functions/_shared/contract/tags.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let other: TestUser;
let admin: TestUser;
let entry: Entry;

async function newTag(token: string, name = `t${unique()}`): Promise<Tag> {
  const reply = await api<{ data: Tag }>('/tag/addTag', { body: { name }, token });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  [owner, other, admin] = await Promise.all([createUser(), createUser(), createUser({ admin: true })]);
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chévere ${unique()}`, description: 'Great, cool', country: 'VE', author: 'Tag tests' },
    token: owner.token,
  });
  entry = reply.body.data;
});

afterAll(closeAdminSql);

describe('POST /api/tag/addTag', () => {
  it('creates a tag owned by the caller, who may name themselves as the owner but nobody else', async () => {
    const name = `food${unique()}`;
    const reply = await api<{ data: Tag }>('/tag/addTag', { body: { name: `  ${name} `, owner: owner.id }, token: owner.token });
    expect(reply.status).toBe(201);
    expect(reply.body.data).toMatchObject({ name, owner: owner.id });
    const forOther = await api('/tag/addTag', { body: { name: `x${unique()}`, owner: other.id }, token: owner.token });
    expect(forOther.status).toBe(403);
    expect(forOther.body.fieldCodes).toEqual({ owner: 'forbidden' });
  });

  it('asks guests to log in', async () => {
    const reply = await api('/tag/addTag', { body: { name: 'guesttag' } });
    expect(reply.status).toBe(401);
    expect(reply.body.message).toBe('Please log in to add a tag');
  });

  it('validates the name: required, at most 20 characters', async () => {
    const empty = await api('/tag/addTag', { body: { name: ' ' }, token: owner.token });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.name).toBe('Please enter a name.');
    expect((await api('/tag/addTag', { body: {}, token: owner.token })).body.errors.name).toBe('Please enter a name.');
    expect((await api('/tag/addTag', { body: { name: 'x'.repeat(21) }, token: owner.token })).status).toBe(400);
    expect((await api('/tag/addTag', { body: { name: 'x'.repeat(20) + unique().slice(0, 0) }, token: owner.token })).status).toBe(201);
  });

  it('answers a name that exists in any case with 409 and the existing tag', async () => {
    const tag = await newTag(owner.token, `Party${unique()}`);
    const reply = await api('/tag/addTag', { body: { name: tag.name.toUpperCase() }, token: other.token });
    expect(reply.status).toBe(409);
    expect(reply.body).toMatchObject({ code: 'tag_exists', data: { _id: tag._id, name: tag.name } });
  });
});

describe('GET /api/tag/getTags', () => {
  it('lists every tag, sorted by name, to anyone', async () => {
    const tag = await newTag(owner.token);
    const reply = await api<{ success: boolean; data: Tag[] }>('/tag/getTags');
    expect(reply.status).toBe(200);
    expect(reply.body.success).toBe(true);
    expect(reply.body.data).toContainEqual({ _id: tag._id, name: tag.name, owner: owner.id });
    const names = reply.body.data.map((t) => t.name.toLowerCase());
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });
});

describe('GET /api/tag/getTags pages', () => {
  it('pages by name with `after`, and says when there is no next page', async () => {
    await Promise.all([newTag(owner.token), newTag(owner.token)]);
    const [{ n }] = await adminSql()`select count(*)::int as n from public.tags`;
    const names: string[] = [];
    let after: string | null = null;
    do {
      const page: { body: { data: Tag[]; nextCursor: string | null } } = await api(`/tag/getTags?limit=3${after ? `&after=${encodeURIComponent(after)}` : ''}`);
      names.push(...page.body.data.map((t) => t.name));
      after = page.body.nextCursor;
    } while (after && names.length <= n);
    expect(names).toHaveLength(n);
    expect(new Set(names.map((name) => name.toLowerCase())).size).toBe(n);
    expect((await api<{ nextCursor: string | null }>('/tag/getTags')).body.nextCursor).toBeNull();
  });
});

describe('tags on an entry', () => {
  it('adds, lists and removes a tag; guests are asked to log in', async () => {
    const tag = await newTag(other.token);
    expect((await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id } })).status).toBe(401);

    // Acting in someone else's name is refused; in one's own, accepted.
    const asOwner = await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id, userId: owner.id }, token: other.token });
    expect(asOwner.status).toBe(403);
    const added = await api<{ success: boolean; data: Tag[] }>('/tag/addTagToContent', {
      body: { contentId: entry._id, tagId: tag._id, userId: other.id },
      token: other.token,
    });
    expect(added.status).toBe(201);
    expect(added.body.data.map((t) => t._id)).toContain(tag._id);
    const [link] = await adminSql()`select added_by from public.entry_tags where entry_id = ${entry._id} and tag_id = ${tag._id}`;
    expect(link.added_by).toBe(other.id);

    const again = await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id }, token: other.token });
    expect(again.status).toBe(201);

    const listed = await api<{ success: boolean; data: Tag[] }>(`/tag/getTagsForContent/${entry._id}`);
    expect(listed.body).toMatchObject({ success: true });
    expect(listed.body.data.filter((t) => t._id === tag._id)).toHaveLength(1);

    const detail = await api<Entry>(`/content/getContentById/${entry._id}`);
    // Read by a guest: nobody signed in may remove it.
    expect(detail.body.tags).toContainEqual({ _id: tag._id, name: tag.name, canRemove: false });

    expect((await api(`/tag/removeTagFromContent/${entry._id}/${tag._id}`, { method: 'DELETE' })).status).toBe(401);
    const removed = await api(`/tag/removeTagFromContent/${entry._id}/${tag._id}`, { method: 'DELETE', token: other.token });
    expect(removed.status).toBe(200);
    expect(removed.body.success).toBe(true);
    expect((await api<{ data: Tag[] }>(`/tag/getTagsForContent/${entry._id}`)).body.data.map((t) => t._id)).not.toContain(tag._id);
  });

  it('lets the entry owner and admins remove tags others added, but not a third user', async () => {
    const [t1, t2] = [await newTag(other.token), await newTag(other.token)];
    for (const tag of [t1, t2]) {
      await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag._id }, token: other.token });
    }
    const stranger = await createUser();
    const refused = await api(`/tag/removeTagFromContent/${entry._id}/${t1._id}`, { method: 'DELETE', token: stranger.token });
    expect(refused.status).toBe(403);
    expect((await api(`/tag/removeTagFromContent/${entry._id}/${t1._id}`, { method: 'DELETE', token: owner.token })).status).toBe(200);
    expect((await api(`/tag/removeTagFromContent/${entry._id}/${t2._id}`, { method: 'DELETE', token: admin.token })).status).toBe(200);
    expect((await api(`/tag/removeTagFromContent/${entry._id}/${t2._id}`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });

  it('answers 404 for unknown entries and tags, 400 for malformed ids', async () => {
    const tag = await newTag(owner.token);
    const missing = '00000000-0000-4000-8000-000000000000';
    expect((await api(`/tag/getTagsForContent/${missing}`)).status).toBe(404);
    expect((await api('/tag/addTagToContent', { body: { contentId: missing, tagId: tag._id }, token: owner.token })).status).toBe(404);
    expect((await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: missing }, token: owner.token })).status).toBe(404);
    expect((await api('/tag/addTagToContent', { body: { contentId: 'x', tagId: tag._id }, token: owner.token })).status).toBe(400);
  });

  it('does not let others tag a hidden entry', async () => {
    const hidden = await api<{ data: Entry }>('/content/addContent', {
      body: { title: `oculto ${unique()}`, description: 'hidden', country: 'ES', author: 'x' },
      token: owner.token,
    });
    await api('/content/updateContent', { method: 'PUT', body: { _id: hidden.body.data._id, show: false }, token: owner.token });
    const tag = await newTag(other.token);
    const reply = await api('/tag/addTagToContent', { body: { contentId: hidden.body.data._id, tagId: tag._id }, token: other.token });
    expect(reply.status).toBe(404);
  });
});
