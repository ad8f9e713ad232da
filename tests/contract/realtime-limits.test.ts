import type { RealtimeChannel } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { MAX_EVENTS_PER_SECOND, MAX_JOINS_PER_SECOND } from '../../stack/realtime/index.ts';
import { closeRealtimeClients, realtimeClientAs, realtimeUrl } from '../support/realtime.ts';
import { closeAdminSql, createUser, stack } from '../support/stack.ts';
import { authFetch } from './support.ts';

// Realtime's doors, as an attacker tries them: a token after logout, one socket flooding
// a topic or storming joins, a presence key that names someone else (a user's, or a guest's
// own choice), and bytes over HTTP.

afterEach(closeRealtimeClients);
afterAll(closeAdminSql);

type Frame = [string | null, string | null, string, string, Record<string, unknown>];

/** A bare Phoenix socket (serializer 2.0.0: JSON arrays), the way a script would open one. */
async function rawSocket(): Promise<{ ws: WebSocket; frames: Frame[]; closed: Promise<number> }> {
  const ws = new WebSocket(`${realtimeUrl()}/websocket?apikey=${stack().anonKey}&vsn=2.0.0`);
  const frames: Frame[] = [];
  ws.on('message', (data, isBinary) => {
    if (!isBinary) frames.push(JSON.parse(data.toString()) as Frame);
  });
  const closed = new Promise<number>((resolve) => ws.once('close', (code) => resolve(code)));
  await new Promise((resolve, reject) => {
    ws.once('open', resolve);
    ws.once('error', reject);
  });
  return { ws, frames, closed };
}

interface Watched {
  channel: RealtimeChannel;
  broadcasts: unknown[];
  system: { status: string; message: string }[];
  closed: boolean;
  joined: Promise<void>;
}

function watch(channel: RealtimeChannel): Watched {
  const watched = { channel, broadcasts: [] as unknown[], system: [] as Watched['system'], closed: false };
  channel.on('broadcast', { event: '*' }, (message) => void watched.broadcasts.push(message));
  channel.on('system', {}, (message) => void watched.system.push(message as unknown as Watched['system'][0]));
  const joined = new Promise<void>((resolve, reject) =>
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve();
      else if (status === 'CLOSED') watched.closed = true;
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    }),
  );
  joined.catch(() => {});
  return Object.assign(watched, { joined });
}

describe('a session that ends in Auth ends in Realtime', () => {
  it('refuses a signed-out token’s private join and closes its open private channels with the expired-token message', async () => {
    const learner = await createUser({ name: 'Logged Out' });
    const open = watch((await realtimeClientAs(learner.token)).channel(`user:${learner.id}`, { config: { private: true } }));
    await open.joined;
    const publicOne = watch((await realtimeClientAs(learner.token)).channel('lobby-after-logout'));
    await publicOne.joined;

    expect((await authFetch('/logout?scope=global', { method: 'POST', token: learner.token })).status).toBe(204);

    await expect.poll(() => open.system.map((message) => message.message), { timeout: 10_000 }).toContain('Token has expired 0 seconds ago');
    expect(open.system.find((message) => message.message.startsWith('Token has expired'))?.status).toBe('error');
    await expect.poll(() => open.closed, { timeout: 5_000 }).toBe(true);

    const again = watch((await realtimeClientAs(learner.token)).channel(`user:${learner.id}`, { config: { private: true } }));
    await expect(again.joined).rejects.toThrow(/Unauthorized: You do not have permissions to read/);
    // Public channels need no account: they stay open.
    expect(publicOne.closed).toBe(false);
  });
});

describe('per-client limits', () => {
  it('shuts down a channel flooded faster than Realtime allows, with its system message, and fans out no more than the limit', async () => {
    const topic = `flood-${Date.now()}`;
    const listener = watch((await realtimeClientAs()).channel(topic));
    await listener.joined;
    const { ws, frames } = await rawSocket();
    ws.send(JSON.stringify(['1', '1', `realtime:${topic}`, 'phx_join', { config: { broadcast: { self: false } } }]));
    await expect.poll(() => frames.some((frame) => frame[3] === 'phx_reply' && frame[1] === '1')).toBe(true);
    for (let i = 0; i < 1000; i++) ws.send(JSON.stringify(['1', String(i + 2), `realtime:${topic}`, 'broadcast', { type: 'broadcast', event: 'spam', payload: { i } }]));

    await expect
      .poll(() => frames.find((frame) => frame[3] === 'system')?.[4], { timeout: 10_000 })
      .toMatchObject({ status: 'error', message: 'Too many messages per second', extension: 'system' });
    await expect.poll(() => frames.some((frame) => frame[3] === 'phx_close')).toBe(true);
    // Let anything already sent arrive, then count: at most one second's worth got through.
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(listener.broadcasts.length).toBeGreaterThan(0);
    // The limit counts per clock second: a flood that straddles two seconds may pass one more second's worth.
    expect(listener.broadcasts.length).toBeLessThanOrEqual(2 * MAX_EVENTS_PER_SECOND);
    expect(listener.broadcasts.length).toBeLessThan(1000);
    ws.close();
  });

  it('refuses joins past the per-second limit with a reason, and keeps serving everyone else', async () => {
    const { ws, frames, closed } = await rawSocket();
    for (let i = 0; i < 3 * MAX_JOINS_PER_SECOND; i++) ws.send(JSON.stringify([String(i), String(i), `realtime:storm-${i}`, 'phx_join', {}]));
    await expect
      .poll(() => frames.filter((frame) => frame[3] === 'phx_reply' && (frame[4].response as { reason?: string })?.reason === 'Too many joins per second').length, { timeout: 10_000 })
      .toBeGreaterThanOrEqual(MAX_JOINS_PER_SECOND);
    ws.close();
    await closed;

    // Another client is still served at once.
    const other = watch((await realtimeClientAs()).channel('after-the-storm'));
    await other.joined;
  });
});

describe('presence', () => {
  it('keys a signed-in user’s presence by their id, whatever key the client sends', async () => {
    const learner = await createUser({ name: 'Present' });
    const topic = `presence-key-${Date.now()}`;
    const client = await realtimeClientAs(learner.token);
    const channel = client.channel(topic, { config: { presence: { key: 'admin-impersonated', enabled: true } } });
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined)),
    );
    expect(await channel.track({ name: 'Present' })).toBe('ok');
    await expect.poll(() => Object.keys(channel.presenceState())).toEqual([learner.id]);
  });

  it('gives a guest a random key of the server’s choosing, never one it asks for (a user’s id, "admin", another guest’s)', async () => {
    const learner = await createUser({ name: 'Impersonated' });
    const topic = `presence-guest-key-${Date.now()}`;
    const join = async (key: string, who: string) => {
      const channel = (await realtimeClientAs()).channel(topic, { config: { presence: { key, enabled: true } } });
      await new Promise<void>((resolve, reject) =>
        channel.subscribe((status) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(new Error(status)) : undefined)),
      );
      expect(await channel.track({ who })).toBe('ok');
      return channel;
    };
    const asUser = await join(learner.id, 'as-user');
    await join('admin', 'as-admin');
    await join('admin', 'as-admin-too');
    await expect.poll(() => Object.keys(asUser.presenceState())).toHaveLength(3);
    const keys = Object.entries(asUser.presenceState()).map(([key, metas]) => ({ key, who: (metas[0] as { who?: string }).who }));
    for (const { key } of keys) {
      expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect([learner.id, 'admin']).not.toContain(key);
    }
    expect(keys.map(({ who }) => who).sort()).toEqual(['as-admin', 'as-admin-too', 'as-user']);
  });
});

describe('binary broadcast over HTTP (protocol 2.0.0)', () => {
  it('delivers httpSend’s bytes to a private channel and refuses other content types with 415', async () => {
    const learner = await createUser({ name: 'Bytes' });
    const topic = `user:${learner.id}`;
    const receiver = await realtimeClientAs(learner.token);
    const received: unknown[] = [];
    const channel = receiver.channel(topic, { config: { private: true } });
    channel.on('broadcast', { event: 'bytes' }, (message) => void received.push(message.payload));
    await new Promise<void>((resolve, reject) =>
      channel.subscribe((status, error) => (status === 'SUBSCRIBED' ? resolve() : status === 'CHANNEL_ERROR' ? reject(error) : undefined)),
    );
    const sender = await realtimeClientAs(stack().serviceRoleKey);
    const outgoing = sender.channel(topic, { config: { private: true } });
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    const sent = await outgoing.httpSend('bytes', bytes.buffer);
    expect(sent).toMatchObject({ success: true });
    await expect.poll(() => received.length).toBe(1);
    expect(new Uint8Array(received[0] as ArrayBuffer)).toEqual(bytes);

    const wrongType = await fetch(`${stack().apiUrl}/realtime/v1/api/broadcast/${encodeURIComponent(topic)}/events/bytes?private=true`, {
      method: 'POST',
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}`, 'content-type': 'text/plain' },
      body: 'hello',
    });
    expect(wrongType.status).toBe(415);
  });
});
