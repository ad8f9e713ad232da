import { createServer, type IncomingMessage, type Server } from 'node:http';
import { isIP } from 'node:net';
import type { Duplex } from 'node:stream';
import { getRequestListener } from '@hono/node-server';
import { Hono, type Context } from 'hono';
import { jwtVerify } from 'jose';
import proxyAddr from 'proxy-addr';
import { canonicalAddress } from './auth/addresses.ts';
import type { StackConfig } from './config.ts';
import type { EdgeFunction } from './functions.ts';

const exposedHeaders = 'X-Supabase-Api-Version, X-Total-Count, Link, x-sb-error-code, Retry-After, Content-Range, ETag, Content-Disposition';

/**
 * CORS as Supabase answers it: any origin may call, but never with credentials. The api's
 * session cookie (the palabrotas client) is only ever used from the app's own origin, which
 * proxies /api (Vite's proxy, stack/web.ts): same-origin calls need no CORS. Reflecting an
 * Origin with credentials allowed would let that site read replies meant for the browser's
 * own session, so no origin gets it. Set, never appended. And every reply is only what its
 * Content-Type says (nosniff): no JSON or uploaded file is ever taken for a script or a page.
 */
function withCors(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('Access-Control-Allow-Origin', '*');
  headers.delete('Access-Control-Allow-Credentials');
  headers.set('Access-Control-Expose-Headers', exposedHeaders);
  headers.set('X-Content-Type-Options', 'nosniff');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

function preflight(request: Request): Response {
  return withCors(
    new Response(null, {
      status: 204,
      headers: {
        'Access-Control-Allow-Methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'Access-Control-Allow-Headers':
          request.headers.get('access-control-request-headers') ??
          'authorization, apikey, content-type, x-client-info, x-supabase-api-version, x-retry-count',
        'Access-Control-Max-Age': '3600',
      },
    }),
  );
}

/** Loopback in both families, and IPv4-mapped loopback (how a dual-stack socket sees 127.0.0.1). */
export const LOOPBACK_PROXIES = ['127.0.0.0/8', '::1/128', '::ffff:127.0.0.0/104'];

/**
 * JERGA_TRUSTED_PROXIES: a comma list of addresses or CIDR ranges whose X-Forwarded-For the
 * gateway believes, or `none`. Unset (or empty) means the default, loopback.
 */
export function trustedProxiesFromEnv(value = process.env.JERGA_TRUSTED_PROXIES): string[] | undefined {
  const text = value?.trim();
  if (!text) return undefined;
  if (text.toLowerCase() === 'none') return [];
  return text.split(',').map((entry) => entry.trim()).filter(Boolean);
}

export type TrustProxy = (address: string, hop: number) => boolean;

/** proxy-addr's matcher for `proxies`; throws a TypeError naming a malformed entry. */
export function compileTrust(proxies: readonly string[]): TrustProxy {
  const trusted = proxies.length ? proxyAddr.compile([...proxies]) : () => false;
  // Only exact addresses are walked past: proxy-addr's parser also reads `2130706433` as 127.0.0.1.
  return (address, hop) => isIP(address) !== 0 && trusted(address, hop);
}

/**
 * The real client behind the socket `peer`: X-Forwarded-For is walked from the right only
 * while each hop is a trusted proxy, so a client that is not one cannot name another
 * address, and entries a client prepended are never reached past an untrusted hop. A hop
 * that is not an address ends the walk at the trusted proxy that wrote it. Null when the
 * peer is unknown.
 */
export function clientAddress(peer: string | null | undefined, forwardedFor: string | null | undefined, trust: TrustProxy): string | null {
  const request = { socket: { remoteAddress: peer ?? undefined }, headers: { 'x-forwarded-for': forwardedFor ?? undefined } };
  // [peer, trusted hops..., client], cut at the first untrusted address.
  const chain = proxyAddr.all(request as unknown as IncomingMessage, trust);
  for (let i = chain.length - 1; i >= 0; i--) {
    const address = canonicalAddress(chain[i]);
    if (address) return address;
  }
  return null;
}

export interface GatewayOptions {
  config: StackConfig;
  functions: Map<string, EdgeFunction>;
  /** The local Auth service (stack/auth), served under /auth/v1. */
  auth?: { fetch(request: Request, env?: unknown): Response | Promise<Response> };
  /**
   * Proxies whose X-Forwarded-For is believed (addresses or CIDR ranges; [] for none).
   * Default: JERGA_TRUSTED_PROXIES, else loopback (the Vite dev proxy, the api function).
   */
  trustedProxies?: readonly string[];
  /** The local Realtime service (stack/realtime): its HTTP endpoints under /realtime/v1/api. */
  realtime?: { fetch(request: Request, path: string): Promise<Response> };
  /** The local Storage service (stack/storage), served under /storage/v1. */
  storage?: { fetch(request: Request, path: string): Promise<Response> };
}

/** A header's value as the last proxy wrote it (the right-most entry). */
const lastEntry = (value: string | undefined) => value?.split(',').pop()?.trim() || null;

/** The HTTP side of the local stack: what Kong routes on `supabase start`, for the slice we use. */
export function createGateway({ config, functions, auth, trustedProxies, realtime, storage }: GatewayOptions): Hono {
  const secret = new TextEncoder().encode(config.jwtSecret);
  const trust = compileTrust(trustedProxies ?? trustedProxiesFromEnv() ?? LOOPBACK_PROXIES);
  const app = new Hono();

  /**
   * `request` re-addressed to `url` for a service behind the gateway, with X-Forwarded-For
   * set to the one client address (never appended to), so what a browser sends in that
   * header only counts when a trusted proxy vouched for it.
   */
  function forward(c: Context, url: URL): Request {
    const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
    const peer = incoming?.socket?.remoteAddress;
    const address = clientAddress(peer, c.req.header('x-forwarded-for'), trust);
    const request = new Request(url, c.req.raw);
    if (address) request.headers.set('x-forwarded-for', address);
    else request.headers.delete('x-forwarded-for');
    // Which scheme and host the browser used (the session cookie's Secure flag, the api's
    // own origin): what a trusted proxy in front says, else what this plain-http server saw.
    // Always overwritten, so a browser cannot claim either.
    const vouched = peer !== undefined && trust(peer, 0);
    const proto = vouched ? lastEntry(c.req.header('x-forwarded-proto'))?.toLowerCase() : null;
    request.headers.set('x-forwarded-proto', proto === 'https' || proto === 'http' ? proto : 'http');
    const host = (vouched ? lastEntry(c.req.header('x-forwarded-host')) : null) ?? c.req.header('host');
    if (host) request.headers.set('x-forwarded-host', host);
    else request.headers.delete('x-forwarded-host');
    return request;
  }

  app.options('*', (c) => preflight(c.req.raw));

  async function invoke(c: Context, name: string, path: string): Promise<Response> {
    const fn = functions.get(name);
    if (!fn) return withCors(c.text('Function not found', 404));
    if (fn.verifyJwt) {
      const token = c.req.header('authorization')?.replace(/^Bearer\s+/i, '') ?? '';
      try {
        await jwtVerify(token, secret);
      } catch {
        return withCors(c.json({ msg: 'Invalid JWT' }, 401));
      }
    }
    const url = new URL(c.req.url);
    url.pathname = path;
    const response = await fn.fetch(forward(c, url));
    return withCors(response);
  }

  // /functions/v1/<name>/<rest>: the function sees /<name>/<rest>, as on hosted Supabase.
  const byName = (c: Context) => invoke(c, c.req.param('name') ?? '', c.req.path.slice('/functions/v1'.length));
  app.all('/functions/v1/:name{[^/]+}/*', byName);
  app.all('/functions/v1/:name{[^/]+}', byName);
  // The client calls relative /api/...; the dev server proxies it here.
  app.all('/api/*', (c) => invoke(c, 'api', c.req.path));

  // /auth/v1/<rest>: the Auth service sees /<rest>, as GoTrue does behind Kong.
  if (auth) {
    app.all('/auth/v1/*', async (c) => {
      const url = new URL(c.req.url);
      url.pathname = url.pathname.slice('/auth/v1'.length) || '/';
      return withCors(await auth.fetch(forward(c, url), c.env));
    });
  }

  // /realtime/v1/api/...: Realtime's HTTP broadcast (the WebSocket comes through `upgrade`).
  if (realtime) {
    app.all('/realtime/v1/api/*', async (c) =>
      withCors(await realtime.fetch(c.req.raw, c.req.path.slice('/realtime/v1'.length))),
    );
  }

  // /storage/v1/<rest>: Storage sees /<rest> (still percent-encoded), as behind Kong; bodies
  // stream both ways.
  if (storage) {
    app.all('/storage/v1/*', async (c) => {
      const url = new URL(c.req.url);
      return withCors(await storage.fetch(forward(c, url), url.pathname.slice('/storage/v1'.length) || '/'));
    });
  }

  app.get('/health', (c) => withCors(c.json({ status: 'ok' })));
  app.notFound((c) => withCors(c.json({ message: 'Not found' }, 404)));
  return app;
}

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

/**
 * Serves `app` on `host` (default 127.0.0.1):`port`; WebSocket upgrades go to `upgrade`
 * (the Realtime service), and are refused when there is none.
 */
export function listen(app: Hono, port: number, upgrade?: UpgradeHandler, host = '127.0.0.1'): Promise<Server> {
  const server = createServer(getRequestListener(app.fetch));
  server.on('upgrade', (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    if (upgrade) return upgrade(request, socket, head);
    socket.on('error', () => socket.destroy());
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n');
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
