import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import path from 'node:path';
import type { AddressInfo, Socket } from 'node:net';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { serveStatic } from '@hono/node-server/serve-static';
import { Hono, type Context } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { compress } from 'hono/compress';
import { proxy } from 'hono/proxy';
import { secureHeaders } from 'hono/secure-headers';
import { ANKI_IMPORT_PATH, MAX_ANKI_IMPORT_BODY_BYTES } from '../supabase/functions/_shared/anki/import-body.ts';
import { messages } from '../supabase/functions/_shared/messages.ts';
import { createPagesApp, servesPath } from '../supabase/functions/_shared/pages/app.ts';
import { defaultDistDir } from './build.ts';
import { fullyDecodedPath } from './decode-path.ts';
import { LOOPBACK_PROXIES, clientAddress, compileTrust, trustedProxiesFromEnv, type TrustProxy } from './server.ts';

/** What the browser reaches on the web origin and the gateway answers (same origin, no CORS). */
const PROXIED_PREFIXES = ['/api', '/auth/v1', '/functions/v1', '/realtime/v1', '/storage/v1'] as const;
/**
 * Relayed as they are, streaming both ways: Storage caps an upload itself while it streams
 * (bucket and global limits, far above the JSON cap below), and compressing a download
 * would break its Range replies (206 with Content-Range and Content-Length).
 */
const STREAMED_PREFIXES: readonly string[] = ['/storage/v1'];
/** The only prefix whose WebSocket upgrades are relayed (Supabase Realtime). */
export const UPGRADE_PREFIXES = ['/realtime/v1'] as const;
/** Larger than any body the gateway accepts (Auth's 1 MB), so its own limits answer first. */
const MAX_PROXIED_BODY = 2 * 1024 * 1024;

export interface WebOptions {
  /** Default JERGA_WEB_PORT, else 5173 (0 picks a free one). */
  port?: number;
  /** Default `localhost`, as the dev server listens. */
  host?: string;
  /** The local stack's gateway, e.g. http://127.0.0.1:54321. */
  apiUrl: string;
  /** The production build to serve (ensureClientBuild's). */
  distDir?: string;
  /** Origins other than the page's own that the build calls (ClientBuild.apiOrigins). */
  apiOrigins?: readonly string[];
  /** Proxies whose X-Forwarded-For is believed; default JERGA_TRUSTED_PROXIES, else loopback. */
  trustedProxies?: readonly string[];
  /** Where the site is reached, for the pages' absolute URLs; default JERGA_SITE_URL, else each request's origin. */
  siteUrl?: string;
}

export interface RunningWeb {
  url: string;
  server: Server;
  close(): Promise<void>;
}

const underPrefix = (pathname: string, prefixes: readonly string[]) =>
  prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));

/**
 * True when any segment of the path, however often percent-encoded, starts with a dot:
 * `.jerga`, `..`, the build's own stamp and manifest. None of them is the app's to serve.
 */
function namesDotSegment(pathname: string): boolean {
  return fullyDecodedPath(pathname).split(/[/\\]/).some((segment) => segment.startsWith('.'));
}

/**
 * The headers every response carries. No inline script, no eval; the page may only talk to
 * its own origin (which proxies the API) and to the API origins the build was given.
 */
function securityHeaders(apiOrigins: readonly string[]) {
  const self = "'self'";
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: [self],
      scriptSrc: [self],
      styleSrc: [self],
      imgSrc: [self, 'data:'],
      // Recordings play from Storage (this origin, or a hosted build's Supabase), and a fresh
      // take from a blob: URL before it is uploaded.
      mediaSrc: [self, 'blob:', ...apiOrigins.filter((origin) => origin.startsWith('http'))],
      fontSrc: [self],
      connectSrc: [self, ...apiOrigins],
      // The app's service worker (/sw.js, which imports /workbox-*.js) and its web app manifest.
      workerSrc: [self],
      manifestSrc: [self],
      objectSrc: ["'none'"],
      baseUri: [self],
      formAction: [self],
      frameAncestors: ["'none'"],
    },
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    // The tutor's voice input needs the microphone; nothing needs the rest.
    permissionsPolicy: { microphone: ['self'], camera: [], geolocation: [], payment: [], usb: [] },
    // Served over plain http on localhost; HSTS belongs to whatever terminates TLS.
    strictTransportSecurity: false,
  });
}

const trustOf = (options: WebOptions) => compileTrust(options.trustedProxies ?? trustedProxiesFromEnv() ?? LOOPBACK_PROXIES);

/** The client address to hand the gateway: the socket's, or what a trusted proxy says. */
function forwardedFor(incoming: IncomingMessage, trust: TrustProxy): string | null {
  const header = incoming.headers['x-forwarded-for'];
  return clientAddress(incoming.socket.remoteAddress, Array.isArray(header) ? header.join(',') : header, trust);
}

/** Relays a request to the gateway as it came, with X-Forwarded-For set (never appended). */
async function forward(c: Context<{ Bindings: HttpBindings }>, apiUrl: URL, trust: TrustProxy): Promise<Response> {
  const requested = new URL(c.req.url);
  const target = new URL(`${requested.pathname}${requested.search}`, apiUrl);
  const client = forwardedFor(c.env.incoming, trust);
  // The scheme and host the browser used, for the api's session cookie (Secure, its own
  // origin): what a trusted proxy in front says, else this plain-http server's own view.
  const peer = c.env.incoming.socket.remoteAddress;
  const vouched = peer !== undefined && trust(peer, 0);
  const lastEntry = (name: string) => (vouched ? c.req.header(name)?.split(',').pop()?.trim() : undefined) || undefined;
  const proto = lastEntry('x-forwarded-proto')?.toLowerCase() === 'https' ? 'https' : 'http';
  const host = lastEntry('x-forwarded-host') ?? c.req.header('host');
  try {
    return await proxy(target, {
      raw: c.req.raw,
      // The browser follows redirects itself (Auth's /authorize).
      redirect: 'manual',
      customFetch: (request) => {
        if (client) request.headers.set('x-forwarded-for', client);
        else request.headers.delete('x-forwarded-for');
        request.headers.set('x-forwarded-proto', proto);
        if (host) request.headers.set('x-forwarded-host', host);
        else request.headers.delete('x-forwarded-host');
        return fetch(request);
      },
    });
  } catch {
    return c.json({ message: 'The API is not reachable' }, 502);
  }
}

function cacheControlFor(pathname: string): string {
  // Vite names every file under /assets by its content hash: it never changes. Everything
  // else is asked for again each time, /sw.js above all: the browser must see a new service
  // worker (and with it the new build's precache list) as soon as there is one.
  return pathname.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/**
 * The server-rendered pages (supabase/functions/_shared/pages) over this build: its
 * index.html read once, when first needed, its flags' files by name, and the /api read as a
 * guest (no cookie, no token) through the gateway.
 */
function pagesFor(distDir: string, apiUrl: URL, siteUrl: string | undefined) {
  let shell: Promise<string> | undefined;
  let flags: Map<string, string> | undefined;
  const flagFiles = () => {
    try {
      // Vite names each flag's file `<CODE>-<hash>.svg` (src/features/countries/country-flag.tsx).
      const found = readdirSync(path.join(distDir, 'assets')).map((file) => [/^([A-Z]{2})-[\w-]+\.svg$/.exec(file)?.[1], file] as const);
      return new Map(found.filter(([code]) => code).map(([code, file]) => [code!, `/assets/${file}`]));
    } catch {
      return new Map<string, string>();
    }
  };
  return createPagesApp({
    api: (apiPath) => fetch(new URL(`/api${apiPath}`, apiUrl), { headers: { Accept: 'application/json' } }),
    shell: () => {
      shell ??= fs.readFile(path.join(distDir, 'index.html'), 'utf8');
      shell.catch(() => (shell = undefined));
      return shell;
    },
    siteUrl,
    flagUrl: (code) => (flags ??= flagFiles()).get(code),
  });
}

/** The production web server: the built app, the API under the same origin, headers on everything. */
export function createWebApp(options: WebOptions): Hono<{ Bindings: HttpBindings }> {
  const distDir = options.distDir ?? defaultDistDir;
  const apiUrl = new URL(options.apiUrl);
  const trust = trustOf(options);
  const app = new Hono<{ Bindings: HttpBindings }>();
  const onFound = (_path: string, c: Context) => {
    c.header('Cache-Control', cacheControlFor(c.req.path));
    // Caches must keep the br, gzip and plain copies apart.
    if (!c.res.headers.has('Vary')) c.header('Vary', 'Accept-Encoding');
  };

  app.use(securityHeaders(options.apiOrigins ?? []));
  // The gateway judges its own paths (Auth serves /auth/v1/.well-known/jwks.json).
  app.use(async (c, next) =>
    !underPrefix(c.req.path, PROXIED_PREFIXES) && namesDotSegment(c.req.path) ? c.text('Not found', 404) : next(),
  );

  // The rest of an oversized body is never read, so its connection cannot carry another request.
  const limitBody = bodyLimit({
    maxSize: MAX_PROXIED_BODY,
    onError: (c) => c.json({ message: 'Request body too large' }, 413, { Connection: 'close' }),
  });
  // importAnki's body is an Anki package of up to 50 MB (the api counts it again itself); every
  // other /api body keeps the cap above.
  const limitPackage = bodyLimit({
    maxSize: MAX_ANKI_IMPORT_BODY_BYTES,
    onError: (c) =>
      c.json({ success: false, code: 'anki_package_too_large', message: messages.anki_package_too_large }, 413, { Connection: 'close' }),
  });
  app.post(ANKI_IMPORT_PATH, limitPackage, (c) => forward(c, apiUrl, trust));
  for (const prefix of PROXIED_PREFIXES) {
    if (STREAMED_PREFIXES.includes(prefix)) app.all(`${prefix}/*`, (c) => forward(c, apiUrl, trust));
    // The gateway does not compress; API replies (entry lists) are worth it.
    else app.all(`${prefix}/*`, compress(), limitBody, (c) => forward(c, apiUrl, trust));
  }

  // Pages with their own HTML (entries, countries, comparisons, home), the app's other routes
  // as its shell and the rest a 404 page; files pass on to the build below.
  const compressPage = compress();
  app.use('*', async (c, next) => (c.req.method === 'GET' && servesPath(c.req.path) ? compressPage(c, next) : next()));
  app.route('/', pagesFor(distDir, apiUrl, options.siteUrl ?? (process.env.JERGA_SITE_URL || undefined)));
  app.on(['GET', 'HEAD'], '*', serveStatic({ root: distDir, precompressed: true, onFound }));
  app.notFound((c) => c.text('Not found', 404));
  return app;
}

/**
 * Relays WebSocket upgrades under UPGRADE_PREFIXES to the gateway, X-Forwarded-For set as
 * for requests; anything else that asks to upgrade is refused.
 */
function relayUpgrades(server: Server, apiUrl: URL, trust: TrustProxy): void {
  server.on('upgrade', (incoming: IncomingMessage, socket: Socket, head: Buffer) => {
    socket.on('error', () => socket.destroy());
    // Frames the browser sent right behind its request go through once the upgrade is done.
    if (head.length) socket.unshift(head);
    // The path as it will be sent on, not as a URL parser would resolve it.
    const pathname = (incoming.url ?? '/').split('?')[0];
    if (!underPrefix(pathname, UPGRADE_PREFIXES)) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    const headers = { ...incoming.headers };
    const client = forwardedFor(incoming, trust);
    if (client) headers['x-forwarded-for'] = client;
    else delete headers['x-forwarded-for'];
    const upstream = httpRequest({ host: apiUrl.hostname, port: apiUrl.port, method: incoming.method, path: incoming.url, headers });
    upstream.on('upgrade', (reply, upstreamSocket: Socket, upstreamHead: Buffer) => {
      const lines = [`HTTP/1.1 101 ${reply.statusMessage ?? 'Switching Protocols'}`];
      for (let i = 0; i < reply.rawHeaders.length; i += 2) lines.push(`${reply.rawHeaders[i]}: ${reply.rawHeaders[i + 1]}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (upstreamHead.length) socket.write(upstreamHead);
      upstreamSocket.on('error', () => socket.destroy());
      socket.on('close', () => upstreamSocket.destroy());
      upstreamSocket.on('close', () => socket.destroy());
      upstreamSocket.pipe(socket).pipe(upstreamSocket);
    });
    // The gateway answered without upgrading: pass its status on and close.
    upstream.on('response', (reply) => {
      reply.resume();
      socket.end(`HTTP/1.1 ${reply.statusCode} ${reply.statusMessage ?? ''}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    });
    upstream.on('error', () => socket.end('HTTP/1.1 502 Bad Gateway\r\nConnection: close\r\nContent-Length: 0\r\n\r\n'));
    socket.on('close', () => upstream.destroy());
    upstream.end();
  });
}

/** Serves the production build with the gateway behind it (what `npm start` runs). */
export async function startWeb(options: WebOptions): Promise<RunningWeb> {
  const port = options.port ?? Number(process.env.JERGA_WEB_PORT ?? 5173);
  const host = options.host ?? 'localhost';
  const server = createServer(getRequestListener(createWebApp(options).fetch));
  relayUpgrades(server, new URL(options.apiUrl), trustOf(options));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const url = `http://${host}:${(server.address() as AddressInfo).port}`;
  return {
    url,
    server,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
