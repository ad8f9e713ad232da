import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../stack/config.ts';
import type { EdgeFunction } from '../../stack/functions.ts';
import {
  LOOPBACK_PROXIES,
  clientAddress,
  compileTrust,
  createGateway,
  trustedProxiesFromEnv,
  type GatewayOptions,
} from '../../stack/server.ts';

const loopback = compileTrust(LOOPBACK_PROXIES);

describe('the client address behind trusted proxies (clientAddress)', () => {
  it('ignores X-Forwarded-For from a peer that is not a trusted proxy', () => {
    expect(clientAddress('203.0.113.9', '198.51.100.1', loopback)).toBe('203.0.113.9');
    expect(clientAddress('203.0.113.9', '127.0.0.1', loopback)).toBe('203.0.113.9');
    expect(clientAddress('2001:db8::9', '198.51.100.1', loopback)).toBe('2001:db8::9');
  });

  it('walks a trusted peer’s X-Forwarded-For from the right, stopping at the first untrusted hop', () => {
    expect(clientAddress('127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    // What the client wrote on the left stays unread past the untrusted hop a proxy reported.
    expect(clientAddress('127.0.0.1', '10.9.9.9, 198.51.100.1', loopback)).toBe('198.51.100.1');
    // A trusted hop in the chain is walked past.
    expect(clientAddress('127.0.0.1', '198.51.100.1, 127.0.0.5', loopback)).toBe('198.51.100.1');
    expect(clientAddress('::1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    expect(clientAddress('::ffff:127.0.0.1', '198.51.100.1', loopback)).toBe('198.51.100.1');
    // Trusted all the way: the left-most hop is the client.
    expect(clientAddress('127.0.0.1', '127.0.0.2, ::1', loopback)).toBe('127.0.0.2');
    expect(clientAddress('127.0.0.1', undefined, loopback)).toBe('127.0.0.1');
  });

  it('ends the walk at the trusted proxy that wrote a hop that is not an address', () => {
    for (const garbage of ['not-an-ip', '198.51.100.1:8080', '2130706433', '127.1', '0x7f.0.0.1', '<script>', '1.2.3.4.5']) {
      expect(clientAddress('127.0.0.1', garbage, loopback), garbage).toBe('127.0.0.1');
      expect(clientAddress('127.0.0.1', `198.51.100.1, ${garbage}`, loopback), garbage).toBe('127.0.0.1');
    }
    // Empty entries are skipped, not read as hops.
    expect(clientAddress('127.0.0.1', ' , ,198.51.100.1, ', loopback)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '', loopback)).toBe('127.0.0.1');
    // No socket address: nobody to ask.
    expect(clientAddress(undefined, '198.51.100.1', loopback)).toBeNull();
  });

  it('spells each address one way (so one client is one rate-limit bucket)', () => {
    expect(clientAddress('::ffff:203.0.113.9', undefined, loopback)).toBe('203.0.113.9');
    expect(clientAddress('127.0.0.1', '::FFFF:198.51.100.1', loopback)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '2001:DB8:0:0::1', loopback)).toBe('2001:db8::1');
  });

  it('trusts what it is told: none, or given ranges instead of loopback', () => {
    const none = compileTrust([]);
    expect(clientAddress('127.0.0.1', '198.51.100.1', none)).toBe('127.0.0.1');
    const office = compileTrust(['10.0.0.0/8', '192.0.2.7']);
    expect(clientAddress('10.1.2.3', '198.51.100.1', office)).toBe('198.51.100.1');
    expect(clientAddress('192.0.2.7', '10.0.0.1, 198.51.100.1', office)).toBe('198.51.100.1');
    expect(clientAddress('127.0.0.1', '198.51.100.1', office)).toBe('127.0.0.1');
    expect(() => compileTrust(['10.0.0.0/99'])).toThrow(TypeError);
    expect(() => compileTrust(['proxy.example'])).toThrow(TypeError);
  });

  it('reads JERGA_TRUSTED_PROXIES as a list, `none`, or unset', () => {
    expect(trustedProxiesFromEnv(undefined)).toBeUndefined();
    expect(trustedProxiesFromEnv('  ')).toBeUndefined();
    expect(trustedProxiesFromEnv('none')).toEqual([]);
    expect(trustedProxiesFromEnv('NONE')).toEqual([]);
    expect(trustedProxiesFromEnv('10.0.0.1, 192.168.0.0/16,')).toEqual(['10.0.0.1', '192.168.0.0/16']);
  });
});

describe('the gateway sets X-Forwarded-For for the services behind it', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const echo = (request: Request) => new Response(request.headers.get('x-forwarded-for') ?? '(none)');

  async function gateway(options: Partial<GatewayOptions> = {}): Promise<string> {
    const functions = new Map<string, EdgeFunction>([['echo', { name: 'echo', verifyJwt: false, fetch: echo }]]);
    const app = createGateway({ config: loadConfig(), functions, auth: { fetch: echo }, ...options });
    const server = createServer(getRequestListener(app.fetch));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const seen = async (url: string, forwardedFor?: string) =>
    (await fetch(url, { headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor } })).text();

  it('overwrites it with the one client address, for functions and for Auth', async () => {
    const base = await gateway();
    for (const path of ['/functions/v1/echo/x', '/auth/v1/token']) {
      // This test is a loopback client, so by default it is a trusted proxy reporting its client.
      expect(await seen(`${base}${path}`, '198.51.100.1')).toBe('198.51.100.1');
      expect(await seen(`${base}${path}`, '10.9.9.9, 198.51.100.1')).toBe('198.51.100.1');
      expect(await seen(`${base}${path}`)).toBe('127.0.0.1');
      expect(await seen(`${base}${path}`, 'garbage')).toBe('127.0.0.1');
    }
  });

  it('ignores what an untrusted client writes in it', async () => {
    const base = await gateway({ trustedProxies: [] });
    expect(await seen(`${base}/functions/v1/echo`, '198.51.100.1')).toBe('127.0.0.1');
    expect(await seen(`${base}/auth/v1/token`, '198.51.100.1, 127.0.0.1')).toBe('127.0.0.1');
    const elsewhere = await gateway({ trustedProxies: ['10.0.0.0/8'] });
    expect(await seen(`${elsewhere}/auth/v1/token`, '198.51.100.1')).toBe('127.0.0.1');
  });

  it('takes JERGA_TRUSTED_PROXIES when no list is given', async () => {
    const before = process.env.JERGA_TRUSTED_PROXIES;
    process.env.JERGA_TRUSTED_PROXIES = 'none';
    try {
      const base = await gateway();
      expect(await seen(`${base}/auth/v1/token`, '198.51.100.1')).toBe('127.0.0.1');
    } finally {
      if (before === undefined) delete process.env.JERGA_TRUSTED_PROXIES;
      else process.env.JERGA_TRUSTED_PROXIES = before;
    }
  });
});

describe('the gateway sets X-Forwarded-Proto and X-Forwarded-Host (the api’s own origin, the cookie’s Secure)', () => {
  const servers: Server[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  const echo = (request: Request) =>
    Response.json({ proto: request.headers.get('x-forwarded-proto'), host: request.headers.get('x-forwarded-host') });

  async function gateway(trustedProxies?: string[]): Promise<string> {
    const functions = new Map<string, EdgeFunction>([['echo', { name: 'echo', verifyJwt: false, fetch: echo }]]);
    const app = createGateway({ config: loadConfig(), functions, trustedProxies });
    const server = createServer(getRequestListener(app.fetch));
    servers.push(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const seen = async (url: string, headers: Record<string, string> = {}) => (await fetch(url, { headers })).json();

  it('says what it saw itself (plain http, the Host) when nobody trusted says otherwise', async () => {
    const base = await gateway();
    expect(await seen(`${base}/functions/v1/echo`)).toEqual({ proto: 'http', host: new URL(base).host });
  });

  it('believes a trusted proxy’s right-most values', async () => {
    const base = await gateway();
    expect(await seen(`${base}/functions/v1/echo`, { 'x-forwarded-proto': 'http, https', 'x-forwarded-host': 'evil.example, app.example' })).toEqual({
      proto: 'https',
      host: 'app.example',
    });
    // Not a scheme: what the gateway saw.
    expect((await seen(`${base}/functions/v1/echo`, { 'x-forwarded-proto': 'gopher' })).proto).toBe('http');
  });

  it('overwrites what an untrusted client claims', async () => {
    const base = await gateway([]);
    expect(await seen(`${base}/functions/v1/echo`, { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'app.example' })).toEqual({
      proto: 'http',
      host: new URL(base).host,
    });
  });
});
