import type { RealtimeChannel } from '@supabase/realtime-js';
import { SignJWT } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeRealtimeClients, realtimeClientAs } from '../support/realtime.ts';
import { adminSql, closeAdminSql, createUser, signAccessToken, stack, type TestUser } from '../support/stack.ts';


interface Tracked {
  channel: RealtimeChannel;
  statuses: string[];
  errors: string[];
  broadcasts: { event: string; payload: Record<string, unknown> }[];
  system: { status: string; message: string; extension: string; channel: string }[];
  /** Resolves on SUBSCRIBED, rejects with the reason on anything else first. */
  joined: Promise<void>;
}

function track(channel: RealtimeChannel): Tracked {
  const tracked: Omit<Tracked, 'joined'> = { channel, statuses: [], errors: [], broadcasts: [], system: [] };
  channel.on('broadcast', { event: '*' }, (message) => tracked.broadcasts.push(message as unknown as Tracked['broadcasts'][0]));
  channel.on('system', {}, (message) => tracked.system.push(message as unknown as Tracked['system'][0]));
  const joined = new Promise<void>((resolve, reject) => {
    channel.subscribe((status, error) => {
      tracked.statuses.push(status);
      if (error) tracked.errors.push(error.message);
      if (status === 'SUBSCRIBED') resolve();
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
  joined.catch(() => {});
  return { ...tracked, joined };
}

const privately = { config: { private: true, broadcast: { ack: true } } };

let owner: TestUser;
let stranger: TestUser;
const ownTopic = (user: TestUser) => `rt-test:${user.id}`;
const readOnlyTopic = (user: TestUser) => `rt-test-read:${user.id}`;

beforeAll(async () => {
  owner = await createUser({ name: 'Realtime owner' });
  stranger = await createUser({ name: 'Realtime stranger' });
  // As an app would write them: a user reads and writes its own topic, and reads a second one.
  await adminSql().unsafe(`
    drop policy if exists "rt-test read own topics" on realtime.messages;
    drop policy if exists "rt-test write own topic" on realtime.messages;
    create policy "rt-test read own topics" on realtime.messages for select to authenticated
      using (realtime.topic() in ('rt-test:' || (select auth.uid())::text, 'rt-test-read:' || (select auth.uid())::text)
             -- A policy that fails on one topic (division by zero).
             or (realtime.topic() = 'rt-test-broken:' || (select auth.uid())::text and 1 / (length(realtime.topic()) * 0) = 1));
    create policy "rt-test write own topic" on realtime.messages for insert to authenticated
      with check (realtime.topic() = 'rt-test:' || (select auth.uid())::text);`);
});

afterEach(async () => {
  await closeRealtimeClients();
});

afterAll(async () => {
  await adminSql().unsafe(`
    drop policy if exists "rt-test read own topics" on realtime.messages;
    drop policy if exists "rt-test write own topic" on realtime.messages;`);
  await closeAdminSql();
});

describe('Realtime private channels (RLS on realtime.messages)', () => {
  it('lets a user the policy allows join, and refuses others with the topic named', async () => {
    const allowed = track((await realtimeClientAs(owner.token)).channel(ownTopic(owner), privately));
    await allowed.joined;

    const strangers = track((await realtimeClientAs(stranger.token)).channel(ownTopic(owner), privately));
    await expect(strangers.joined).rejects.toThrow(
      `CHANNEL_ERROR: Unauthorized: You do not have permissions to read from this Channel topic: ${ownTopic(owner)}`,
    );
    const guest = track((await realtimeClientAs()).channel(ownTopic(owner), privately));
    await expect(guest.joined).rejects.toThrow(/Unauthorized: You do not have permissions to read/);
    const broken = track((await realtimeClientAs(owner.token)).channel(`rt-test-broken:${owner.id}`, privately));
    await expect(broken.joined).rejects.toThrow(/CHANNEL_ERROR: Unauthorized: You do not have permissions to read/);
    // The same name as a public channel is another topic, open to anyone.
    await track((await realtimeClientAs()).channel(ownTopic(owner))).joined;
  });

  it('keeps private and public topics of one name apart, for database and client broadcasts', async () => {
    const name = ownTopic(owner);
    const secret = track((await realtimeClientAs(owner.token)).channel(name, privately));
    const service = track((await realtimeClientAs(stack().serviceRoleKey)).channel(name, privately));
    const open = track((await realtimeClientAs()).channel(name, { config: { broadcast: { ack: true } } }));
    await Promise.all([secret.joined, service.joined, open.joined]);

    const sql = adminSql();
    await sql`select realtime.send(${sql.json({ n: 1 })}, 'private-db', ${name}, true)`;
    await sql`select realtime.send(${sql.json({ n: 2 })}, 'public-db', ${name}, false)`;
    expect(await secret.channel.send({ type: 'broadcast', event: 'private-client', payload: { n: 3 } })).toBe('ok');
    expect(await open.channel.send({ type: 'broadcast', event: 'public-client', payload: { n: 4 } })).toBe('ok');

    // The two travel different paths (the database's replication, the client's socket), so
    // nothing orders them against each other: compare the set that arrived.
    await expect.poll(() => service.broadcasts.map((m) => m.event).sort()).toEqual(['private-client', 'private-db']);
    await expect.poll(() => secret.broadcasts.map((m) => m.event)).toEqual(['private-db']);
    await expect.poll(() => open.broadcasts.map((m) => m.event)).toEqual(['public-db']);
  });

  it('refuses a client broadcast where the policy allows reading but not writing', async () => {
    const name = readOnlyTopic(owner);
    const reader = track((await realtimeClientAs(owner.token)).channel(name, privately));
    const service = track((await realtimeClientAs(stack().serviceRoleKey)).channel(name, privately));
    await Promise.all([reader.joined, service.joined]);
    expect(await reader.channel.send({ type: 'broadcast', event: 'nope', payload: {} })).toBe('error');
    expect(await service.channel.send({ type: 'broadcast', event: 'fine', payload: {} })).toBe('ok');
    await expect.poll(() => reader.broadcasts.map((m) => m.event)).toEqual(['fine']);
    expect(service.broadcasts).toEqual([]);
  });

  it('authorizes HTTP broadcasts to private topics by the same policy', async () => {
    const name = ownTopic(owner);
    const service = track((await realtimeClientAs(stack().serviceRoleKey)).channel(name, privately));
    await service.joined;
    const post = (token: string, event: string) =>
      fetch(`${stack().apiUrl}/realtime/v1/api/broadcast`, {
        method: 'POST',
        headers: { apikey: stack().anonKey, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ messages: [{ topic: name, event, payload: {}, private: true }] }),
      });
    expect((await post(stranger.token, 'from-stranger')).status).toBe(202);
    expect((await post(owner.token, 'from-owner')).status).toBe(202);
    await expect.poll(() => service.broadcasts.map((m) => m.event)).toEqual(['from-owner']);
  });
});

describe('Realtime token updates', () => {
  it('keeps a channel on a new valid token and closes it with a system error on a bad one', async () => {
    const client = await realtimeClientAs(owner.token);
    const channel = track(client.channel(ownTopic(owner), privately));
    await channel.joined;
    // A fresh token for the same user: the channel carries on.
    await client.setAuth(await signAccessToken(owner, 600, owner.sessionId));
    expect(await channel.channel.send({ type: 'broadcast', event: 'after-refresh', payload: {} })).toBe('ok');

    const forged = await new SignJWT({ role: 'authenticated', sub: owner.id })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('not-the-stack-secret-not-the-stack-secret'));
    await client.setAuth(forged);
    await expect.poll(() => channel.statuses).toContain('CLOSED');
    expect(channel.system).toEqual([
      expect.objectContaining({ extension: 'system', status: 'error', message: expect.stringMatching(/InvalidJWTToken/) }),
    ]);
  });

  it('closes a private channel when the new token belongs to someone the policy refuses', async () => {
    const client = await realtimeClientAs(owner.token);
    const channel = track(client.channel(ownTopic(owner), privately));
    await channel.joined;
    await client.setAuth(stranger.token);
    await expect.poll(() => channel.statuses).toContain('CLOSED');
    expect(channel.system[0]).toMatchObject({ status: 'error', message: expect.stringMatching(/^Unauthorized: /) });
  });

  it('closes the channel when its token expires', async () => {
    const client = await realtimeClientAs(await signAccessToken(owner, 2, owner.sessionId));
    const channel = track(client.channel(ownTopic(owner), privately));
    await channel.joined;
    await expect.poll(() => channel.statuses, { timeout: 15_000 }).toContain('CLOSED');
    expect(channel.system[0]).toMatchObject({ status: 'error', message: expect.stringMatching(/expired/) });
  });
});
