import { randomUUID } from 'node:crypto';
import type { RealtimeChannel } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { afterEach, describe, expect, it } from 'vitest';
import { closeRealtimeClients, realtimeClient, realtimeUrl, subscribed } from '../support/realtime.ts';
import { stack } from '../support/stack.ts';

const keysOf = (channel: RealtimeChannel) => Object.keys(channel.presenceState()).sort();

afterEach(async () => {
  await closeRealtimeClients();
});

describe('Realtime presence', () => {
  /** The key the server gave the presence whose meta says `who` (guests' keys are the server's choice). */
  const keyOf = (channel: RealtimeChannel, who: string) =>
    Object.entries(channel.presenceState()).find(([, metas]) => metas.some((meta) => (meta as { who?: unknown }).who === who))?.[0];

  it('syncs state on join, diffs on track and untrack, and drops a disconnected client', async () => {
    const name = `lobby-${randomUUID().slice(0, 8)}`;
    const leaves: string[] = [];
    const alice = realtimeClient().channel(name, { config: { presence: { key: 'alice' } } });
    alice.on('presence', { event: 'sync' }, () => {});
    alice.on('presence', { event: 'leave' }, ({ key }) => leaves.push(key));
    await subscribed(alice);
    expect(await alice.track({ who: 'alice', status: 'online' })).toBe('ok');
    await expect.poll(() => keysOf(alice)).toHaveLength(1);
    const aliceKey = keyOf(alice, 'alice');
    expect(aliceKey).toEqual(expect.any(String));

    // Bob joins late: his presence_state already holds Alice.
    const bobClient = realtimeClient();
    const bob = bobClient.channel(name, { config: { presence: { key: 'bob' } } });
    bob.on('presence', { event: 'sync' }, () => {});
    await subscribed(bob);
    await expect.poll(() => keysOf(bob)).toEqual([aliceKey]);
    expect(bob.presenceState()[aliceKey!][0]).toMatchObject({ who: 'alice', status: 'online' });
    expect(await bob.track({ who: 'bob', status: 'typing' })).toBe('ok');
    await expect.poll(() => keysOf(alice)).toHaveLength(2);
    const bobKey = keyOf(alice, 'bob');
    expect(bobKey).toEqual(expect.any(String));
    expect(bobKey).not.toBe(aliceKey);

    expect(await alice.untrack()).toBe('ok');
    await expect.poll(() => keysOf(bob)).toEqual([bobKey]);

    bobClient.disconnect();
    await expect.poll(() => keysOf(alice)).toEqual([]);
    expect(leaves).toContain(bobKey);
  });
});

describe('Realtime raw frames', () => {
  async function open(vsn: string): Promise<{ socket: WebSocket; next: () => Promise<unknown> }> {
    const socket = new WebSocket(`${realtimeUrl()}/websocket?apikey=${stack().anonKey}&vsn=${vsn}`);
    const queue: unknown[] = [];
    const waiting: ((value: unknown) => void)[] = [];
    socket.on('message', (data: Buffer) => {
      const message: unknown = JSON.parse(data.toString());
      const waiter = waiting.shift();
      if (waiter) waiter(message);
      else queue.push(message);
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const next = () => (queue.length ? Promise.resolve(queue.shift()) : new Promise((resolve) => waiting.push(resolve)));
    return { socket, next };
  }

  it('answers vsn 2.0.0 arrays and vsn 1.0.0 objects as Phoenix does', async () => {
    const topic = `realtime:raw-${randomUUID().slice(0, 8)}`;
    const v2 = await open('2.0.0');
    v2.socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', {}]));
    expect(await v2.next()).toEqual([null, '1', 'phoenix', 'phx_reply', { status: 'ok', response: {} }]);
    v2.socket.send(JSON.stringify(['2', '2', topic, 'phx_join', { config: { broadcast: { self: true } } }]));
    expect(await v2.next()).toEqual(['2', '2', topic, 'phx_reply', { status: 'ok', response: { postgres_changes: [] } }]);

    const v1 = await open('1.0.0');
    v1.socket.send(JSON.stringify({ topic, event: 'phx_join', payload: { config: {} }, ref: '7', join_ref: '7' }));
    expect(await v1.next()).toEqual({
      topic,
      event: 'phx_reply',
      payload: { status: 'ok', response: { postgres_changes: [] } },
      ref: '7',
      join_ref: '7',
    });
    v1.socket.send(
      JSON.stringify({ topic, event: 'broadcast', payload: { type: 'broadcast', event: 'hi', payload: { a: 1 } }, ref: '8', join_ref: '7' }),
    );
    expect(await v2.next()).toEqual([null, null, topic, 'broadcast', { type: 'broadcast', event: 'hi', payload: { a: 1 } }]);

    v1.socket.send(JSON.stringify({ topic, event: 'phx_leave', payload: {}, ref: '9', join_ref: '7' }));
    expect(await v1.next()).toEqual({ topic, event: 'phx_reply', payload: { status: 'ok', response: {} }, ref: '9', join_ref: '7' });
    v1.socket.close();
    v2.socket.close();
  });

  it('sends presence_state on join and a diff that leaves the old meta when a client tracks again', async () => {
    const topic = `realtime:raw-presence-${randomUUID().slice(0, 8)}`;
    const join = (ref: string, key: string) => [ref, ref, topic, 'phx_join', { config: { presence: { key, enabled: true } } }];
    const watcher = await open('2.0.0');
    watcher.socket.send(JSON.stringify(join('1', 'watcher')));
    expect(await watcher.next()).toMatchObject(['1', '1', topic, 'phx_reply', { status: 'ok' }]);
    expect(await watcher.next()).toEqual(['1', null, topic, 'presence_state', {}]);

    const tracker = await open('2.0.0');
    tracker.socket.send(JSON.stringify(join('5', 'carol')));
    expect(await tracker.next()).toMatchObject(['5', '5', topic, 'phx_reply', { status: 'ok' }]);
    expect(await tracker.next()).toEqual(['5', null, topic, 'presence_state', {}]);
    const trackPush = (ref: string, mood: string) =>
      JSON.stringify(['5', ref, topic, 'presence', { type: 'presence', event: 'track', payload: { mood } }]);
    tracker.socket.send(trackPush('6', 'calm'));
    const first = (await watcher.next()) as [null, null, string, string, { joins: Record<string, { metas: Record<string, unknown>[] }> }];
    expect(first[3]).toBe('presence_diff');
    // A guest's key is the server's choice, not the 'carol' it asked for.
    const [carol] = Object.keys(first[4].joins);
    expect(carol).toMatch(/^[0-9a-f-]{36}$/);
    const [calm] = first[4].joins[carol].metas;
    expect(calm).toMatchObject({ mood: 'calm', phx_ref: expect.any(String) });

    tracker.socket.send(trackPush('7', 'busy'));
    expect(await watcher.next()).toEqual([
      null,
      null,
      topic,
      'presence_diff',
      {
        joins: { [carol]: { metas: [{ mood: 'busy', phx_ref: expect.any(String), phx_ref_prev: calm.phx_ref }] } },
        leaves: { [carol]: { metas: [calm] } },
      },
    ]);
    watcher.socket.close();
    tracker.socket.close();
  });
});
