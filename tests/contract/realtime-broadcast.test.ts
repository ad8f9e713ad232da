import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { createClient } from '@supabase/supabase-js';
import type { RealtimeChannel } from '@supabase/realtime-js';
import { SignJWT } from 'jose';
import WebSocket from 'ws';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { APPLICATION_NAME } from '../../stack/realtime/index.ts';
import { closeRealtimeClients, realtimeClient, realtimeUrl, subscribed, transport } from '../support/realtime.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

interface Received {
  event: string;
  payload: Record<string, unknown>;
  meta?: { id?: string };
}

/** A channel that records every broadcast it receives. */
function listening(channel: RealtimeChannel): Received[] {
  const received: Received[] = [];
  channel.on('broadcast', { event: '*' }, (message) => received.push(message as unknown as Received));
  return received;
}

const topic = (label: string) => `${label}-${randomUUID().slice(0, 8)}`;

afterEach(async () => {
  await closeRealtimeClients();
});

afterAll(async () => {
  await closeAdminSql();
});

describe('Realtime broadcast between clients', () => {
  it('delivers to the other subscribers, to the sender only with self, and acks with ack', async () => {
    const name = topic('room');
    const a = realtimeClient().channel(name, { config: { broadcast: { self: false, ack: true } } });
    const b = realtimeClient().channel(name, { config: { broadcast: { self: true } } });
    const atA = listening(a);
    const atB = listening(b);
    await subscribed(a);
    await subscribed(b);

    expect(await a.send({ type: 'broadcast', event: 'cursor', payload: { x: 1 } })).toBe('ok');
    await expect.poll(() => atB.map((m) => m.payload)).toEqual([{ x: 1 }]);
    expect(atB[0]).toMatchObject({ type: 'broadcast', event: 'cursor' });

    // b has self: it hears itself; a hears b's message and never heard its own.
    await b.send({ type: 'broadcast', event: 'cursor', payload: { x: 2 } });
    await expect.poll(() => atB.map((m) => m.payload)).toEqual([{ x: 1 }, { x: 2 }]);
    await expect.poll(() => atA.map((m) => m.payload)).toEqual([{ x: 2 }]);
  });

  it('relays binary payloads as binary frames', async () => {
    const name = topic('bytes');
    const sender = realtimeClient().channel(name, { config: { broadcast: { ack: true } } });
    const receiver = realtimeClient().channel(name);
    const received = listening(receiver);
    await subscribed(sender);
    await subscribed(receiver);
    const bytes = new Uint8Array([0, 1, 2, 250, 255]);
    expect(await sender.send({ type: 'broadcast', event: 'blob', payload: bytes.buffer })).toBe('ok');
    await expect.poll(() => received.length).toBe(1);
    expect(received[0].event).toBe('blob');
    expect([...new Uint8Array(received[0].payload as unknown as ArrayBuffer)]).toEqual([0, 1, 2, 250, 255]);
  });

  it('reaches the same topics through the production web server', async () => {
    const name = topic('web');
    const viaWeb = realtimeClient({ url: `${stack().webUrl.replace(/^http/, 'ws')}/realtime/v1` }).channel(name, {
      config: { broadcast: { ack: true } },
    });
    const direct = realtimeClient().channel(name);
    const received = listening(direct);
    await subscribed(viaWeb);
    await subscribed(direct);
    expect(await viaWeb.send({ type: 'broadcast', event: 'relayed', payload: { ok: true } })).toBe('ok');
    await expect.poll(() => received.map((m) => m.payload)).toEqual([{ ok: true }]);
  });

  it('speaks vsn 1.0.0 (JSON objects) with a vsn 2.0.0 client on the same topic', async () => {
    const name = topic('mixed');
    const old = realtimeClient({ vsn: '1.0.0' }).channel(name, { config: { broadcast: { ack: true } } });
    const current = realtimeClient().channel(name, { config: { broadcast: { ack: true } } });
    const atOld = listening(old);
    const atCurrent = listening(current);
    await subscribed(old);
    await subscribed(current);
    expect(await old.send({ type: 'broadcast', event: 'hello', payload: { from: 'v1' } })).toBe('ok');
    expect(await current.send({ type: 'broadcast', event: 'hello', payload: { from: 'v2' } })).toBe('ok');
    await expect.poll(() => atCurrent.map((m) => m.payload)).toEqual([{ from: 'v1' }]);
    await expect.poll(() => atOld.map((m) => m.payload)).toEqual([{ from: 'v2' }]);
  });

  it('works through supabase-js createClient, and leaves with an ok reply', async () => {
    const supabase = createClient(stack().apiUrl, stack().anonKey, {
      auth: { persistSession: false, autoRefreshToken: false },
      realtime: { transport },
    });
    const name = topic('sb');
    const listener = realtimeClient().channel(name);
    const received = listening(listener);
    await subscribed(listener);
    const channel = await subscribed(supabase.channel(name, { config: { broadcast: { ack: true } } }));
    expect(await channel.send({ type: 'broadcast', event: 'ping', payload: { n: 1 } })).toBe('ok');
    await expect.poll(() => received.map((m) => m.payload)).toEqual([{ n: 1 }]);
    expect(await channel.unsubscribe()).toBe('ok');
    await supabase.removeAllChannels();
    supabase.realtime.disconnect();
  });

  it('answers heartbeats, so a socket with a short interval stays up', async () => {
    const statuses: string[] = [];
    const client = realtimeClient({ heartbeatIntervalMs: 100 });
    client.onHeartbeat((status) => statuses.push(status));
    const name = topic('beat');
    const channel = await subscribed(client.channel(name, { config: { broadcast: { self: true, ack: true } } }));
    const received = listening(channel);
    await expect.poll(() => statuses.filter((s) => s === 'ok').length, { timeout: 10_000 }).toBeGreaterThanOrEqual(5);
    expect(statuses).not.toContain('timeout');
    expect(await channel.send({ type: 'broadcast', event: 'still', payload: { here: true } })).toBe('ok');
    await expect.poll(() => received.length).toBe(1);
  });

  it('sends over HTTP (POST /realtime/v1/api/broadcast and httpSend) with 202', async () => {
    const name = topic('http');
    const channel = realtimeClient().channel(name);
    const received = listening(channel);
    await subscribed(channel);
    const response = await fetch(`${stack().apiUrl}/realtime/v1/api/broadcast`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, authorization: `Bearer ${stack().anonKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ messages: [{ topic: name, event: 'note', payload: { via: 'http' }, private: false }] }),
    });
    expect(response.status).toBe(202);
    await expect.poll(() => received.map((m) => m.payload)).toEqual([{ via: 'http' }]);
    const sender = realtimeClient().channel(name);
    await sender.httpSend('note', { via: 'httpSend' });
    await expect.poll(() => received.map((m) => m.payload)).toEqual([{ via: 'http' }, { via: 'httpSend' }]);
  });
});

describe('Realtime broadcast from the database', () => {
  it('delivers realtime.send() to public channels with payload.id and meta.id, large payloads included', async () => {
    const name = topic('db');
    const channel = realtimeClient().channel(name);
    const received = listening(channel);
    await subscribed(channel);
    const sql = adminSql();
    // Private first: a public channel of the same name never gets it.
    await sql`select realtime.send(${sql.json({ secret: true })}, 'hidden', ${name}, true)`;
    await sql`select realtime.send(${sql.json({ small: 1 })}, 'small', ${name}, false)`;
    const big = 'x'.repeat(20_000);
    await sql`select realtime.send(${sql.json({ big })}, 'big', ${name}, false)`;
    await expect.poll(() => received.map((m) => m.event)).toEqual(['small', 'big']);
    const [small, large] = received;
    expect(small.payload).toMatchObject({ small: 1, id: expect.any(String) });
    expect(small.meta?.id).toBe(small.payload.id);
    expect(large.payload.big).toBe(big);
    const [row] = await sql`select topic, extension, event, private from realtime.messages where id = ${small.meta?.id ?? ''}`;
    expect(row).toEqual({ topic: name, extension: 'broadcast', event: 'small', private: false });
  });

  it('keeps delivering after bootstrap.sql is applied again to the existing database', async () => {
    // What every later start of the stack does (stack/db.ts prepareDatabase).
    await adminSql().unsafe(await readFile(path.join(rootDir, 'stack', 'bootstrap.sql'), 'utf8'));
    const name = topic('again');
    const channel = realtimeClient().channel(name);
    const received = listening(channel);
    await subscribed(channel);
    await adminSql()`select realtime.send(${adminSql().json({ again: true })}, 'again', ${name}, false)`;
    await expect.poll(() => received.map((m) => m.payload.again)).toEqual([true]);
  });

  it('listens again when its LISTEN connection dies, catching up on what was sent meanwhile', async () => {
    const name = topic('relisten');
    const channel = realtimeClient().channel(name);
    const received = listening(channel);
    await subscribed(channel);
    const sql = adminSql();
    await sql`select realtime.send(${sql.json({})}, 'before', ${name}, false)`;
    await expect.poll(() => received.map((m) => m.event)).toEqual(['before']);
    const killed = await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = ${APPLICATION_NAME} and query ilike 'listen%'`;
    expect(killed).toHaveLength(1);
    await sql`select realtime.send(${sql.json({})}, 'after', ${name}, false)`;
    await expect.poll(() => received.map((m) => m.event), { timeout: 15_000 }).toEqual(['before', 'after']);
  });

  it('delivers realtime.broadcast_changes() from a trigger', async () => {
    const sql = adminSql();
    const table = `rt_changes_${randomUUID().slice(0, 8)}`;
    const name = topic('changes');
    const client = realtimeClient({ key: stack().serviceRoleKey });
    const channel = client.channel(name, { config: { private: true } });
    const received = listening(channel);
    await subscribed(channel);
    await sql.unsafe(`create table public.${table} (id int primary key, label text);
      create function public.${table}_changed() returns trigger language plpgsql set search_path = '' as $f$
      begin
        perform realtime.broadcast_changes('${name}', tg_op, tg_op, tg_table_name, tg_table_schema, new, old);
        return null;
      end $f$;
      create trigger changed after insert on public.${table} for each row execute function public.${table}_changed();`);
    try {
      await sql.unsafe(`insert into public.${table} values (1, 'one')`);
      await expect.poll(() => received.map((m) => m.event)).toEqual(['INSERT']);
      expect(received[0].payload).toMatchObject({
        operation: 'INSERT',
        table,
        schema: 'public',
        record: { id: 1, label: 'one' },
        old_record: null,
      });
    } finally {
      await sql.unsafe(`drop table public.${table}; drop function public.${table}_changed();`);
    }
  });
});

describe('Realtime refusals', () => {
  async function upgradeStatus(apikey: string): Promise<{ status: number; body: unknown }> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(`${realtimeUrl()}/websocket?apikey=${encodeURIComponent(apikey)}&vsn=2.0.0`);
      socket.on('unexpected-response', (_request, response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: JSON.parse(text) as unknown }));
      });
      socket.on('open', () => {
        socket.close();
        reject(new Error('the upgrade was accepted'));
      });
      socket.on('error', () => {});
    });
  }

  it('refuses an apikey that is not a JWT of the stack with 401 {error}', async () => {
    const secret = new TextEncoder().encode(stack().jwtSecret);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ role: 'anon' }).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now - 60).sign(secret);
    const noRole = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setExpirationTime(now + 60).sign(secret);
    const otherSecret = await new SignJWT({ role: 'anon' })
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime(now + 60)
      .sign(new TextEncoder().encode('not-the-stack-secret-not-the-stack-secret'));
    for (const key of ['garbage', expired, noRole, otherSecret]) {
      const { status, body } = await upgradeStatus(key);
      expect(status).toBe(401);
      expect(body).toEqual({ error: expect.any(String) });
    }
  });

  it('refuses a postgres_changes join with a reason naming Broadcast and Presence', async () => {
    const channel = realtimeClient()
      .channel(topic('pg'))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'entries' }, () => {});
    await expect(subscribed(channel)).rejects.toThrow(/CHANNEL_ERROR: .*Broadcast and Presence only/);
  });

  it('closes a socket that sends garbage and keeps serving everyone else', async () => {
    const name = topic('survivor');
    const channel = realtimeClient().channel(name, { config: { broadcast: { self: true, ack: true } } });
    const received = listening(channel);
    await subscribed(channel);
    const frames: (string | Buffer)[] = [
      'not json at all',
      '{"an":"object, not an array"}',
      '[1,2]',
      Buffer.from([3, 200, 200, 200, 200, 200, 1]),
      Buffer.from([9, 9, 9]),
      Buffer.from([3, 0, 0, 4, 1, 0, 1, ...Buffer.from('abcd'), ...Buffer.from('e{not json')]),
    ];
    for (const frame of frames) {
      const socket = new WebSocket(`${realtimeUrl()}/websocket?apikey=${stack().anonKey}&vsn=2.0.0`);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
      socket.send(frame);
      expect(await closed).toBe(1003);
    }
    // Over the 1 MB frame limit: ws closes with 1009 (message too big).
    const socket = new WebSocket(`${realtimeUrl()}/websocket?apikey=${stack().anonKey}&vsn=2.0.0`);
    await new Promise((resolve) => socket.once('open', resolve));
    const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));
    socket.on('error', () => {});
    socket.send(JSON.stringify([null, '1', 'phoenix', 'heartbeat', { filler: 'x'.repeat(1_100_000) }]));
    expect(await closed).toBe(1009);
    const health = await fetch(`${stack().apiUrl}/health`);
    expect(health.status).toBe(200);
    expect(await channel.send({ type: 'broadcast', event: 'alive', payload: {} })).toBe('ok');
    await expect.poll(() => received.map((m) => m.event)).toEqual(['alive']);
  });
});
