import { randomUUID } from 'node:crypto';
import type { RealtimeClient } from '@supabase/realtime-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { liveTopics, type TopicPattern } from '../../supabase/functions/_shared/contract/live-events.ts';
import { addEntry, ok, uploadRecording } from '../support/api-contract/world.ts';
import { closeRealtimeClients, realtimeClientAs, subscribed } from '../support/realtime.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Every live event of the contract (contract/live-events.ts), made to happen through /api
// as the app makes it, heard by real realtime-js clients, and its payload parsed by the
// contract's schema: a field the database sends that the contract does not name, or a
// missing or mistyped one, fails, as does an event of the list that never arrives.

interface Heard {
  topic: TopicPattern;
  event: string;
  payload: unknown;
}

let owner: TestUser;
let fan: TestUser;
let admin: TestUser;
const heard: Heard[] = [];

/** Joins `topic` (private) and keeps each broadcast under its pattern. */
async function listen(client: RealtimeClient, topic: string, pattern: TopicPattern): Promise<void> {
  const channel = client.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: '*' }, ({ event, payload }) => heard.push({ topic: pattern, event, payload }));
  await subscribed(channel);
}

beforeAll(async () => {
  [owner, fan, admin] = await Promise.all([createUser({ name: 'Olga Owner' }), createUser({ name: 'Fede Fan' }), createUser({ name: 'Ada Admin', admin: true })]);
});

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

const resolve = (body: Record<string, unknown>) => ok(api('/admin/resolveReport', { body, token: admin.token }));

describe('the live events, as the database sends them', () => {
  it('each event of the contract arrives, and its payload has the contract’s shape', async () => {
    const entry = await addEntry(owner);
    const variant = await addEntry(owner, { country: 'AR' });
    await listen(await realtimeClientAs(), 'entries', 'entries');
    // The owner may still join the entry's topic once moderation hides it.
    await listen(await realtimeClientAs(owner.token), `entry:${entry._id}`, 'entry:<id>');
    await listen(await realtimeClientAs(owner.token), `user:${owner.id}`, 'user:<id>');
    await listen(await realtimeClientAs(admin.token), 'moderation', 'moderation');

    await ok(api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: fan.token }), 201);
    const comment = (await ok(api('/comment/addComment', { body: { contentId: entry._id, text: 'Buena.' }, token: fan.token }), 201)).data._id;
    await ok(api(`/comment/deleteComment/${comment}`, { method: 'DELETE', token: fan.token }));
    const tagId = (await ok(api('/tag/addTag', { body: { name: `l${randomUUID().slice(0, 6)}` }, token: owner.token }), 201)).data._id;
    await ok(api('/tag/addTagToContent', { body: { contentId: entry._id, tagId }, token: owner.token }), 201);
    await ok(api('/content/linkVariant', { body: { contentId: entry._id, variantId: variant._id }, token: owner.token }), 201);
    await ok(api('/content/setUsage', { method: 'PUT', body: { contentId: entry._id, country: 'MX', usage: 'understood' }, token: fan.token }));
    const path = await uploadRecording(fan, entry._id);
    await ok(api('/recording/addRecording', { body: { contentId: entry._id, path, country: 'MX', durationMs: 800 }, token: fan.token }), 201);
    await ok(api('/content/updateContent', { method: 'PUT', body: { _id: entry._id, description: 'Edited live.' }, token: owner.token }));

    // Moderation: a report moves the admins' queue; removing hides, restoring shows again.
    const owners = (await ok(api('/comment/addComment', { body: { contentId: entry._id, text: 'Mía.' }, token: owner.token }), 201)).data._id;
    await ok(api('/report/addReport', { body: { commentId: owners, reason: 'spam' }, token: fan.token }), 201);
    await resolve({ commentId: owners, action: 'remove' });
    await resolve({ commentId: owners, action: 'restore' });
    await ok(api('/report/addReport', { body: { contentId: entry._id, reason: 'wrong' }, token: fan.token }), 201);
    await resolve({ contentId: entry._id, action: 'remove' });
    await resolve({ contentId: entry._id, action: 'restore' });

    const listed = Object.entries(liveTopics).flatMap(([topic, spec]) => Object.keys(spec.events).map((event) => `${topic} ${event}`));
    const unheard = () => listed.filter((key) => !heard.some((each) => `${each.topic} ${each.event}` === key));
    await expect.poll(unheard, { timeout: 20_000 }).toEqual([]);

    const misshapen = heard.flatMap(({ topic, event, payload }) => {
      const spec = (liveTopics[topic].events as Record<string, { payload: z.ZodType }>)[event];
      if (!spec) return [`${topic} ${event}: not in the contract`];
      const parsed = spec.payload.safeParse(payload);
      return parsed.success ? [] : [`${topic} ${event}: ${z.prettifyError(parsed.error)}\n${JSON.stringify(payload)}`];
    });
    expect(misshapen).toEqual([]);
  });
});
