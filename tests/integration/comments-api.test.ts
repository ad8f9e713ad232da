import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/comment against the real stack: who may comment and delete, the spec's replies, and
// an entry's comment count that stays exact.

const unique = () => Math.random().toString(36).slice(2, 9);

let owner: TestUser;
let writer: TestUser;
let admin: TestUser;
let entry: Entry;

beforeAll(async () => {
  [owner, writer, admin] = await Promise.all([createUser({ name: 'Olga' }), createUser({ name: 'Wanda' }), createUser({ admin: true })]);
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chamba ${unique()}`, description: 'Work.', country: 'MX', author: 'Comment tests' },
    token: owner.token,
  });
  entry = reply.body.data;
});

afterAll(closeAdminSql);

describe('/api/comment', () => {
  it('asks guests to log in', async () => {
    const reply = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Hola' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ code: 'comment_login_required', message: 'Please log in to comment.' });
  });

  it('adds a comment with the spec’s fields, newest first in the list, guests reading too', async () => {
    const first = await api('/comment/addComment', { body: { contentId: entry._id, userId: writer.id, text: '  Tengo mucha chamba.  ' }, token: writer.token });
    expect(first.status).toBe(201);
    expect(first.body).toEqual({
      success: true,
      message: 'Comment added successfully',
      data: {
        _id: expect.any(String),
        content: entry._id,
        contentId: entry._id,
        text: 'Tengo mucha chamba.',
        owner: { _id: writer.id, name: 'Wanda' },
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    const second = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Y yo.' }, token: owner.token });
    const list = await api<{ _id: string }[]>(`/comment/getCommentsByContentId/${entry._id}`);
    expect(list.status).toBe(200);
    expect(list.body.map((comment) => comment._id)).toEqual([second.body.data._id, first.body.data._id]);
    const [row] = await adminSql()`select comment_count from public.entries where id = ${entry._id}`;
    expect(row.comment_count).toBe(2);
  });

  it('names the text field when it is blank or too long, and acts only in the caller’s name', async () => {
    const blank = await api('/comment/addComment', { body: { contentId: entry._id, text: '   ' }, token: writer.token });
    expect(blank.status).toBe(400);
    expect(blank.body.fieldCodes).toEqual({ text: 'comment_required' });
    const long = await api('/comment/addComment', { body: { contentId: entry._id, text: 'x'.repeat(2001) }, token: writer.token });
    expect(long.status).toBe(400);
    expect(long.body.fieldCodes).toEqual({ text: 'comment_too_long' });
    const nul = await api('/comment/addComment', { body: { contentId: entry._id, text: 'a\u0000b' }, token: writer.token });
    expect(nul.status).toBe(400);
    const other = await api('/comment/addComment', { body: { contentId: entry._id, userId: owner.id, text: 'Hola' }, token: writer.token });
    expect(other.status).toBe(403);
  });

  it('lets the writer and admins delete a comment, not others', async () => {
    const added = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Borrar.' }, token: writer.token });
    const id = added.body.data._id as string;
    const byOwnerOfEntry = await api(`/comment/deleteComment/${id}`, { method: 'DELETE', token: owner.token });
    expect(byOwnerOfEntry.status).toBe(403);
    const byWriter = await api(`/comment/deleteComment/${id}`, { method: 'DELETE', token: writer.token });
    expect(byWriter.status).toBe(200);
    expect(byWriter.body.data._id).toBe(id);
    const again = await api(`/comment/deleteComment/${id}`, { method: 'DELETE', token: writer.token });
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('comment_not_found');

    const another = await api('/comment/addComment', { body: { contentId: entry._id, text: 'Spam.' }, token: writer.token });
    const byAdmin = await api(`/comment/deleteComment/${another.body.data._id}`, { method: 'DELETE', token: admin.token });
    expect(byAdmin.status).toBe(200);
  });

  it('does not find the comments of a missing entry', async () => {
    const reply = await api('/comment/getCommentsByContentId/00000000-0000-4000-8000-000000000000');
    expect(reply.status).toBe(404);
    expect(reply.body.code).toBe('entry_not_found');
    const notId = await api('/comment/getCommentsByContentId/nope');
    expect(notId.status).toBe(404);
  });
});
