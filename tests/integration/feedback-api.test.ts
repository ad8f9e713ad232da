import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminSql, api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// /api/feedback against the real stack: anyone sends (validated, five an hour per address),
// only admins read.

let learner: TestUser;
let admin: TestUser;
// A client address of this file's own, so the hourly limit starts at zero.
const address = `198.51.100.${Math.floor(Math.random() * 250) + 1}`;
const headers = { 'x-forwarded-for': address };

beforeAll(async () => {
  [learner, admin] = await Promise.all([createUser(), createUser({ admin: true })]);
  await adminSql()`delete from private.rate_limits where bucket = 'feedback' and client = ${address}`;
});

afterAll(closeAdminSql);

describe('/api/feedback', () => {
  it('takes feedback from a guest, with the spec’s reply', async () => {
    const reply = await api('/feedback/addFeedback', { body: { name: ' Gina ', email: 'Gina@Example.com', message: ' Más de Bolivia. ' }, headers });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      success: true,
      message: 'Feedback submitted successfully!',
      data: { _id: expect.any(String), name: 'Gina', email: 'gina@example.com', message: 'Más de Bolivia.', userId: null, createdAt: expect.any(String) },
    });
  });

  it('names each missing or malformed field with the spec’s message', async () => {
    const reply = await api('/feedback/addFeedback', { body: { name: '', email: 'nope', message: '  ' }, headers });
    expect(reply.status).toBe(400);
    expect(reply.body.fieldCodes).toEqual({ name: 'name_required', email: 'email_invalid', message: 'message_required' });
    expect(reply.body.errors).toMatchObject({ name: 'Please provide your name.', message: 'Message cannot be blank.' });
  });

  it('lets only admins read it, newest first', async () => {
    const sent = await api('/feedback/addFeedback', { body: { name: 'Lena', email: 'lena@example.com', message: 'Gracias.' }, token: learner.token, headers });
    expect(sent.body.data.userId).toBe(learner.id);
    expect((await api('/feedback/getFeedback')).status).toBe(401);
    const refused = await api('/feedback/getFeedback', { token: learner.token });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('admin_required');
    const list = await api<{ data: { _id: string }[] }>('/feedback/getFeedback?limit=500', { token: admin.token });
    expect(list.status).toBe(200);
    expect(list.body.data[0]._id).toBe(sent.body.data._id);
    expect((await api('/feedback/getFeedback?limit=501', { token: admin.token })).status).toBe(400);
  });

  it('allows five an hour from one address, then says so with a 429', async () => {
    // Two were sent above from this address.
    for (let i = 0; i < 3; i++) {
      expect((await api('/feedback/addFeedback', { body: { name: 'Gina', email: 'gina@example.com', message: `n.º ${i}` }, headers })).status).toBe(201);
    }
    const limited = await api('/feedback/addFeedback', { body: { name: 'Gina', email: 'gina@example.com', message: 'otra' }, headers });
    expect(limited.status).toBe(429);
    expect(limited.body.code).toBe('feedback_rate_limited');
    expect(limited.body.retryAfter).toBeGreaterThan(0);
    // Another address is not affected.
    const elsewhere = await api('/feedback/addFeedback', { body: { name: 'Pia', email: 'pia@example.com', message: 'Hola' }, headers: { 'x-forwarded-for': '203.0.113.77' } });
    expect(elsewhere.status).toBe(201);
  });
});
