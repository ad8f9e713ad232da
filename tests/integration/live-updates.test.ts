import type { RealtimeChannel, RealtimeClient } from '@supabase/realtime-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Entry } from '../../supabase/functions/_shared/contract/entries.ts';
import { closeRealtimeClients, realtimeClientAs } from '../support/realtime.ts';
import { api, closeAdminSql, createUser, type TestUser } from '../support/stack.ts';

// Votes, comments and tags made through /api reach subscribed clients through Realtime
// (real realtime-js over `ws` against the stack's Realtime), on private channels that the
// database alone publishes on: the home grid's scores, an entry's updates, and a learner's
// own notifications.

const privately = { config: { private: true, broadcast: { ack: true } } };

interface Listener {
  channel: RealtimeChannel;
  received: { event: string; payload: Record<string, unknown> }[];
  joined: Promise<void>;
}

function listen(client: RealtimeClient, topic: string): Listener {
  const channel = client.channel(topic, privately);
  const received: Listener['received'] = [];
  channel.on('broadcast', { event: '*' }, (message) => received.push(message as unknown as Listener['received'][0]));
  const joined = new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : reject(new Error(`${status}: ${error?.message ?? ''}`)))),
  );
  joined.catch(() => {});
  return { channel, received, joined };
}

const events = (listener: Listener) => listener.received.map((message) => message.event);

let owner: TestUser;
let fan: TestUser;
let entry: Entry;

beforeAll(async () => {
  [owner, fan] = await Promise.all([createUser({ name: 'Olga' }), createUser({ name: 'Fede' })]);
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `pololo ${Date.now().toString(36)}`, description: 'A boyfriend.', country: 'CL', author: 'Live tests' },
    token: owner.token,
  });
  entry = reply.body.data;
});

afterEach(async () => {
  await closeRealtimeClients();
});

afterAll(closeAdminSql);

describe('live updates', () => {
  it('a vote reaches the entry’s watchers, the home grid and the entry’s owner', async () => {
    const guest = await realtimeClientAs();
    const onEntry = listen(guest, `entry:${entry._id}`);
    const onGrid = listen(guest, 'entries');
    const notifications = listen(await realtimeClientAs(owner.token), `user:${owner.id}`);
    await Promise.all([onEntry.joined, onGrid.joined, notifications.joined]);

    expect((await api('/vote/addVote', { body: { contentId: entry._id, voteType: 'upvote' }, token: fan.token })).status).toBe(201);

    const score = { contentId: entry._id, upvotes: 1, downvotes: 0, voteCount: 1 };
    await expect.poll(() => onEntry.received.find((m) => m.event === 'vote')?.payload).toMatchObject(score);
    await expect.poll(() => onGrid.received.find((m) => m.event === 'score' && m.payload.contentId === entry._id)?.payload).toMatchObject(score);
    await expect.poll(() => notifications.received.find((m) => m.event === 'notification')?.payload).toMatchObject({
      kind: 'vote',
      contentId: entry._id,
      title: entry.title,
      voteType: 'upvote',
    });
  });

  it('a comment and a tag reach the entry’s watchers; the owner hears of the comment', async () => {
    const onEntry = listen(await realtimeClientAs(), `entry:${entry._id}`);
    const notifications = listen(await realtimeClientAs(owner.token), `user:${owner.id}`);
    await Promise.all([onEntry.joined, notifications.joined]);

    const comment = await api('/comment/addComment', { body: { contentId: entry._id, text: '¡Buena!' }, token: fan.token });
    expect(comment.status).toBe(201);
    const tag = await api('/tag/addTag', { body: { name: `cl${Date.now().toString(36).slice(-6)}` }, token: fan.token });
    await api('/tag/addTagToContent', { body: { contentId: entry._id, tagId: tag.body.data._id }, token: fan.token });

    await expect.poll(() => events(onEntry)).toEqual(expect.arrayContaining(['comment_added', 'tags']));
    expect(onEntry.received.find((m) => m.event === 'comment_added')?.payload).toMatchObject({
      comment: { _id: comment.body.data._id, text: '¡Buena!', owner: { _id: fan.id, name: 'Fede' } },
      commentCount: 1,
    });
    await expect.poll(() => notifications.received.find((m) => m.payload.kind === 'comment')?.payload).toMatchObject({ by: 'Fede' });
  });

  it('nobody else can join a learner’s notifications, and no client can publish on these topics', async () => {
    const stranger = listen(await realtimeClientAs(fan.token), `user:${owner.id}`);
    await expect(stranger.joined).rejects.toThrow(/Unauthorized/);

    const grid = listen(await realtimeClientAs(fan.token), 'entries');
    await grid.joined;
    expect(await grid.channel.send({ type: 'broadcast', event: 'score', payload: { contentId: entry._id, voteCount: 9999 } })).toBe('error');
  });
});
