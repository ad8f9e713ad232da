import { randomUUID } from 'node:crypto';
import type { Server } from 'node:http';
import { RealtimeClient } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../stack/free-port.ts';
import { startRealtime, type RealtimeService } from '../../stack/realtime/index.ts';
import { createGateway, listen } from '../../stack/server.ts';
import { loadConfig } from '../../stack/config.ts';
import { subscribed, transport } from '../support/realtime.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

// A second Realtime service and gateway in this process, on the test database: what the
// stack does with it (renewing its connections, stopping) can be driven from here.
const publishableKey = 'sb_publishable_realtime_service_test';
let service: RealtimeService;
let server: Server;
let url = '';

beforeAll(async () => {
  const config = loadConfig({ jwtSecret: stack().jwtSecret, anonKey: stack().anonKey, serviceRoleKey: stack().serviceRoleKey, publishableKey });
  service = await startRealtime({ config, databaseUrl: stack().dbUrl, log: () => {} });
  const port = await freePort();
  server = await listen(createGateway({ config, functions: new Map(), realtime: service }), port, service.handleUpgrade);
  url = `ws://127.0.0.1:${port}/realtime/v1`;
});

afterAll(async () => {
  await service.close();
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await closeAdminSql();
});

describe('the Realtime service', () => {
  it('takes the opaque publishable key as the anon key, and delivers again after renewing its connections', async () => {
    const client = new RealtimeClient(url, { params: { apikey: publishableKey }, transport });
    const name = `renew-${randomUUID().slice(0, 8)}`;
    const channel = client.channel(name);
    const received: string[] = [];
    channel.on('broadcast', { event: '*' }, ({ event }) => received.push(event));
    await subscribed(channel);
    const sql = adminSql();
    await sql`select realtime.send(${sql.json({})}, 'first', ${name}, false)`;
    await expect.poll(() => received).toEqual(['first']);
    // What the stack does once Postgres is back from a restart.
    await service.renewConnection();
    await sql`select realtime.send(${sql.json({})}, 'second', ${name}, false)`;
    await expect.poll(() => received).toEqual(['first', 'second']);
    await client.removeAllChannels();
    client.disconnect();
  });

  it('a client rejoins by itself after the service restarts on its port, and receives again', async () => {
    const config = loadConfig({ jwtSecret: stack().jwtSecret, anonKey: stack().anonKey });
    const port = await freePort();
    const start = async () => {
      const realtime = await startRealtime({ config, databaseUrl: stack().dbUrl, log: () => {} });
      const gateway = await listen(createGateway({ config, functions: new Map(), realtime }), port, realtime.handleUpgrade);
      return async () => {
        await realtime.close();
        gateway.closeAllConnections();
        await new Promise((resolve) => gateway.close(resolve));
      };
    };
    let stop = await start();
    // Reconnection backoff shortened, as a test may; the protocol is the client's own.
    const client = new RealtimeClient(`ws://127.0.0.1:${port}/realtime/v1`, {
      params: { apikey: stack().anonKey },
      transport,
      reconnectAfterMs: () => 100,
    });
    const name = `restart-${randomUUID().slice(0, 8)}`;
    const statuses: string[] = [];
    const received: string[] = [];
    const channel = client.channel(name);
    channel.on('broadcast', { event: '*' }, ({ event }) => received.push(event));
    channel.subscribe((status) => statuses.push(status));
    try {
      await expect.poll(() => statuses).toEqual(['SUBSCRIBED']);
      await stop();
      stop = await start();
      // Joined again on the new service: a message sent now arrives (what was sent while it
      // was away is not promised, as on Supabase; the app refetches on rejoin).
      await expect.poll(() => statuses.filter((status) => status === 'SUBSCRIBED').length, { timeout: 20_000 }).toBe(2);
      const sql = adminSql();
      await sql`select realtime.send(${sql.json({})}, 'after-restart', ${name}, false)`;
      await expect.poll(() => received).toEqual(['after-restart']);
    } finally {
      await client.removeAllChannels();
      client.disconnect();
      await stop();
    }
  });

  it('caps the channels of one socket', async () => {
    const socket = new WebSocket(`${url}/websocket?apikey=${stack().anonKey}&vsn=2.0.0`);
    const replies: unknown[][] = [];
    socket.on('message', (data: Buffer) => replies.push(JSON.parse(data.toString()) as unknown[]));
    await new Promise((resolve) => socket.once('open', resolve));
    const join = (i: number) => socket.send(JSON.stringify([String(i), String(i), `realtime:cap-${i}`, 'phx_join', { config: {} }]));
    for (let i = 1; i <= 100; i++) join(i);
    await expect.poll(() => replies.length).toBe(100);
    // The 101st in a later second, so the joins-per-second limit (its own test) is not what refuses it.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    join(101);
    await expect.poll(() => replies.length).toBe(101);
    expect(replies.filter((reply) => (reply[4] as { status: string }).status === 'ok')).toHaveLength(100);
    expect(replies[100]).toEqual(['101', '101', 'realtime:cap-101', 'phx_reply', { status: 'error', response: { reason: 'Too many channels' } }]);
    socket.close();
  });

  it('closes its sockets when it stops', async () => {
    const other = await startRealtime({ config: loadConfig({ jwtSecret: stack().jwtSecret }), databaseUrl: stack().dbUrl, log: () => {} });
    const port = await freePort();
    const otherServer = await listen(createGateway({ config: loadConfig(), functions: new Map() }), port, other.handleUpgrade);
    try {
      const socket = new WebSocket(`ws://127.0.0.1:${port}/realtime/v1/websocket?apikey=${stack().anonKey}&vsn=2.0.0`);
      await new Promise((resolve) => socket.once('open', resolve));
      const closed = new Promise((resolve) => socket.once('close', resolve));
      await other.close();
      await closed;
    } finally {
      otherServer.closeAllConnections();
      await new Promise((resolve) => otherServer.close(resolve));
    }
  });
});
