import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildInputsHash, ensureClientBuild } from '../../stack/build.ts';
import { rootDir } from '../../stack/config.ts';
import { startWeb, type RunningWeb } from '../../stack/web.ts';
import { MAX_ANKI_IMPORT_BODY_BYTES } from '../../supabase/functions/_shared/anki/import-body.ts';
import { adminSql, closeAdminSql, createUser, stack } from '../support/stack.ts';
import enUS from '../../src/i18n/locales/en-US.json' with { type: 'json' };
import es from '../../src/i18n/locales/es.json' with { type: 'json' };

afterAll(closeAdminSql);

interface RawReply {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A request whose headers and bytes arrive as sent and as answered (fetch would decompress). */
function rawRequest(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    // A connection of its own each time: one the server closed (after a 413) is never reused.
    const request = http.request(url, { method: options.method ?? 'GET', headers: options.headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end(options.body);
  });
}

const web = (requestPath: string, options?: Parameters<typeof rawRequest>[1]) => rawRequest(`${stack().webUrl}${requestPath}`, options);

/** The directives of a Content-Security-Policy header, by name. */
function directives(csp: string | undefined): Map<string, string[]> {
  return new Map(
    (csp ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...values]) => [name, values]),
  );
}

function expectSecurityHeaders(reply: RawReply, what: string): void {
  const csp = directives(reply.headers['content-security-policy'] as string | undefined);
  const scripts = csp.get('script-src') ?? csp.get('default-src');
  expect(scripts, what).toEqual(["'self'"]);
  expect(csp.get('style-src'), what).toEqual(["'self'"]);
  expect(csp.get('default-src'), what).toEqual(["'self'"]);
  expect(csp.get('object-src'), what).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors'), what).toEqual(["'none'"]);
  expect(csp.get('connect-src'), what).toContain("'self'");
  // Recordings play from the bucket, and a take is listened to from its blob: URL before upload.
  expect(csp.get('media-src'), what).toEqual(expect.arrayContaining(["'self'", 'blob:']));
  for (const values of csp.values()) {
    expect(values, what).not.toContain("'unsafe-inline'");
    expect(values, what).not.toContain("'unsafe-eval'");
  }
  expect(reply.headers['x-content-type-options'], what).toBe('nosniff');
  expect(reply.headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  const permissions = String(reply.headers['permissions-policy']);
  expect(permissions, what).toContain('microphone=(self)');
  expect(permissions, what).toContain('camera=()');
  expect(permissions, what).toContain('geolocation=()');
}

/** The hashed entry script of the app that index.html loads. */
async function entryScript(): Promise<string> {
  const html = (await web('/')).body.toString('utf8');
  const src = /<script type="module"[^>]*\ssrc="(\/assets\/index-[^"]+\.js)"/.exec(html)?.[1];
  expect(src).toBeDefined();
  return src!;
}

describe('the production web server: pages and headers', () => {
  it('serves the app at / and at any route of it, never cached without asking', async () => {
    // (An entry, a country or any other page's own status: server-pages.test.ts.)
    for (const route of ['/', '/compare', '/addContent', '/account?tab=1']) {
      for (const method of ['GET', 'HEAD']) {
        const reply = await web(route, { method });
        expect(reply.status, `${method} ${route}`).toBe(200);
        expect(reply.headers['content-type'], route).toMatch(/^text\/html/);
        expect(reply.headers['cache-control'], route).toBe('no-cache');
        if (method === 'GET') expect(reply.body.toString('utf8'), route).toContain('<div id="root"');
      }
    }
  });

  it('puts the security headers on pages, assets, 404s and proxied API replies alike', async () => {
    const replies = {
      '/': await web('/'),
      'a deep route': await web('/content/some-entry/'),
      'an asset': await web(await entryScript()),
      'a 404': await web('/assets/missing-0000.js'),
      'a 404 for a dot-file': await web('/.build-stamp.json'),
      'a proxied /api reply': await web('/api/tag/getTags'),
      'a proxied /auth/v1 reply': await web('/auth/v1/health'),
      'a proxied /api error': await web('/api/no-such-route'),
    };
    for (const [what, reply] of Object.entries(replies)) expectSecurityHeaders(reply, what);
  });

  it('serves the service worker and the web app manifest, never cached without asking, and lets the page use them', async () => {
    const worker = await web('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');
    expect(worker.headers['service-worker-allowed']).toBeUndefined(); // at the root, its scope is the whole app
    const source = worker.body.toString('utf8');
    expect(source).toContain('index.html'); // navigations answered from the precache
    expect(source).toContain('jerga-due-cards');
    // Workbox's runtime, which the worker loads beside itself.
    const workbox = /"\.\/(workbox-[\w-]+)"/.exec(source)?.[1];
    expect(workbox).toBeDefined();
    expect((await web(`/${workbox}.js`)).status).toBe(200);

    const manifest = await web('/manifest.webmanifest');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const body = JSON.parse(manifest.body.toString('utf8')) as { name: string; start_url: string; display: string; icons: { src: string; sizes: string; purpose?: string }[] };
    expect(body).toMatchObject({ name: 'Jerga', short_name: 'Jerga', start_url: '/', display: 'standalone', theme_color: '#c2410c' });
    expect(body.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? 'any'}`).sort()).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
    for (const icon of body.icons) {
      const png = await web(icon.src);
      expect(png.status, icon.src).toBe(200);
      expect(png.headers['content-type'], icon.src).toBe('image/png');
    }
    const html = (await web('/')).body.toString('utf8');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const csp = directives((await web('/')).headers['content-security-policy'] as string);
    expect(csp.get('worker-src')).toEqual(["'self'"]);
    expect(csp.get('manifest-src')).toEqual(["'self'"]);
  });

  it('has no inline script anywhere in the page', async () => {
    const html = (await web('/')).body.toString('utf8');
    // Scripts come from files; the one inline block is data (JSON), which no browser runs.
    for (const [tag] of html.matchAll(/<script\b[^>]*>/g)) expect(tag).toMatch(/\ssrc="|\stype="application\/json"/);
    expect(html).not.toMatch(/\son[a-z]+=/i);
  });

  it('names each page’s chunks for the first script, which comes before the app’s', async () => {
    const html = (await web('/')).body.toString('utf8');
    const block = /<script type="application\/json" id="page-chunks">([^<]*)<\/script>/.exec(html)?.[1];
    const pages = JSON.parse(block ?? '[]') as [pattern: string, chunks: string[], firstRead?: string | null, firstWords?: Record<string, string[]>][];
    const pageOf = (pathname: string) => pages.find(([pattern]) => new RegExp(pattern, 'i').test(pathname));
    const [, entryChunks = [], entryRead] = pageOf('/content/3f1c0a52-0000-4000-8000-000000000000') ?? [];
    expect(entryChunks[0]).toMatch(/^\/assets\/entry-page-[\w-]+\.js$/);
    for (const chunk of entryChunks) expect((await web(chunk)).status, chunk).toBe(200);
    expect(entryRead).toBe('/api/content/getContentById/:id');
    // Only what the app's own script does not already load.
    expect(pageOf('/')?.[1].some((chunk) => chunk.includes('/vendor-'))).toBe(false);
    expect(html.indexOf('/assets/preload-page-')).toBeGreaterThan(0);
    expect(html.indexOf('/assets/preload-page-')).toBeLessThan(html.indexOf(await entryScript()));
    // The home page's first words in each language, the fallback first, for a guest's first paint.
    expect(pageOf('/')?.[3]).toEqual({ 'en-US': [enUS.home.title, enUS.home.subtitle], es: [es.home.title, es.home.subtitle] });
    expect(pageOf('/content/x')?.[3]).toBeUndefined();
    // The app's code at low priority, and no modulepreload links: the frame paints before it.
    expect(html).toMatch(/<script type="module"[^>]*\sfetchpriority="low"[^>]*\ssrc="\/assets\/index-/);
    expect(html).not.toContain('modulepreload');
  });
});

describe('the production web server: files', () => {
  it('serves a hashed asset brotli-compressed, cached for good', async () => {
    const script = await entryScript();
    const onDisk = await fs.readFile(path.join(rootDir, 'dist', script));
    const reply = await web(script, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('br');
    expect(reply.headers['content-type']).toMatch(/^text\/javascript/);
    expect(reply.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(reply.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(reply.body).equals(onDisk)).toBe(true);
  });

  it('serves gzip to a client that only takes gzip, and the plain file to one that takes neither', async () => {
    const script = await entryScript();
    const onDisk = await fs.readFile(path.join(rootDir, 'dist', script));
    const gzipped = await web(script, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzipped.body).equals(onDisk)).toBe(true);
    const plain = await web(script, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.equals(onDisk)).toBe(true);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers 404, not the page, for a missing asset or file', async () => {
    for (const missing of ['/assets/missing-0000.js', '/assets/', '/assets/nested/missing.css', '/missing.txt', '/missing.png']) {
      const reply = await web(missing);
      expect(reply.status, missing).toBe(404);
      expect(reply.body.toString('utf8'), missing).not.toContain('<div id="root"');
    }
  });

  it('answers 404 to anything but GET and HEAD outside the API', async () => {
    expect((await web('/', { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await web('/content/x', { method: 'DELETE' })).status).toBe(404);
  });
});

describe('the production web server: the API behind it', () => {
  it('relays /api, /auth/v1, /functions/v1 and /storage/v1 to the gateway, compressing JSON', async () => {
    const entries = await web('/api/content/getContentsSortedByVoteDesc', { headers: { 'accept-encoding': 'gzip' } });
    expect(entries.status).toBe(200);
    expect(entries.headers['content-encoding']).toBe('gzip');
    const body = JSON.parse(gunzipSync(entries.body).toString('utf8')) as { data: { _id: string }[] };
    expect(body.data.length).toBeGreaterThan(0);

    const health = await web('/auth/v1/health');
    expect(health.status).toBe(200);
    expect(JSON.parse(health.body.toString('utf8'))).toMatchObject({ name: 'GoTrue' });

    // Dot-segments are the gateway's business under its prefixes.
    const keys = await web('/auth/v1/.well-known/jwks.json');
    expect(keys.status).toBe(200);
    expect(JSON.parse(keys.body.toString('utf8'))).toHaveProperty('keys');

    const viaFunctions = await web('/functions/v1/api/tag/getTags', { headers: { authorization: `Bearer ${stack().anonKey}` } });
    expect(viaFunctions.status).toBe(200);
    expect(JSON.parse(viaFunctions.body.toString('utf8'))).toHaveProperty('data');

    // Storage too: the recordings play from the page's own origin.
    const missing = await web('/storage/v1/object/public/recordings/nobody/nothing.webm');
    expect(missing.status).toBeGreaterThanOrEqual(400);
    expect(missing.status).toBeLessThan(500);
    expect(JSON.parse(missing.body.toString('utf8'))).toHaveProperty('statusCode');
  });

  it('passes redirects on to the browser instead of following them', async () => {
    const redirectTo = `${stack().webUrl}/`;
    const reply = await web(`/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`);
    expect(reply.status).toBe(302);
    expect(reply.headers.location).toContain('/auth/v1/local-google/authorize');
  });

  it('refuses a body larger than any the gateway accepts, before relaying it', async () => {
    const reply = await web('/api/content/addContent', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'x'.repeat(3 * 1024 * 1024) }),
    });
    expect(reply.status).toBe(413);
    expect(reply.headers.connection).toBe('close');
  });

  it('relays an Anki package past that cap to importAnki only, and refuses one over 50 MB before relaying it', async () => {
    const { token } = await createUser();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/octet-stream' };
    // 3 MB that are no package: the api read them all and answers for itself.
    const relayed = await web('/api/flashcard/importAnki', { method: 'POST', headers, body: 'x'.repeat(3 * 1024 * 1024) });
    expect(relayed.status).toBe(400);
    expect(JSON.parse(relayed.body.toString('utf8'))).toMatchObject({ code: 'anki_package_invalid' });
    const over = await web('/api/flashcard/importAnki', { method: 'POST', headers: { ...headers, 'content-length': String(MAX_ANKI_IMPORT_BODY_BYTES + 1) } });
    expect(over.status).toBe(413);
    expect(JSON.parse(over.body.toString('utf8'))).toMatchObject({ code: 'anki_package_too_large' });
    expect(over.headers.connection).toBe('close');
  });
});

describe('the client address the gateway sees through the web server', () => {
  const password = 'correct horse battery staple';
  let untrusting: RunningWeb;

  beforeAll(async () => {
    // This test is a loopback client, which the default configuration trusts as a proxy:
    // a second server that trusts nobody plays the browser on the internet.
    untrusting = await startWeb({ port: 0, apiUrl: stack().apiUrl, distDir: path.join(rootDir, 'dist'), trustedProxies: [] });
  });
  afterAll(() => untrusting?.close());

  /** A user made through the gateway's admin API, signed in through `base`: the address Auth records. */
  async function signInAddress(base: string, forwardedFor: string): Promise<string> {
    const email = `web-${randomUUID().slice(0, 8)}@test.jerga.local`;
    const created = await fetch(`${stack().apiUrl}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: stack().serviceRoleKey, authorization: `Bearer ${stack().serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    expect(created.status).toBe(200);
    const signedIn = await rawRequest(`${base}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      body: JSON.stringify({ email, password }),
    });
    expect(signedIn.status).toBe(200);
    const [session] = await adminSql()`select host(s.ip) as ip from auth.sessions s join auth.users u on u.id = s.user_id
                                        where u.email = ${email}`;
    return session.ip as string;
  }

  it("is the socket's when the client is not a trusted proxy, whatever it writes in X-Forwarded-For", async () => {
    expect(['127.0.0.1', '::1']).toContain(await signInAddress(untrusting.url, '198.51.100.1'));
    expect(['127.0.0.1', '::1']).toContain(await signInAddress(untrusting.url, '198.51.100.1, 127.0.0.1'));
  });

  it('is the one a trusted proxy reports (loopback by default)', async () => {
    expect(await signInAddress(stack().webUrl, '198.51.100.2')).toBe('198.51.100.2');
    expect(await signInAddress(stack().webUrl, '10.9.9.9, 198.51.100.3')).toBe('198.51.100.3');
  });
});

describe('WebSocket upgrades (Supabase Realtime) through the web server', () => {
  let upstream: http.Server;
  let relay: RunningWeb;
  const seen: IncomingHttpHeaders[] = [];

  beforeAll(async () => {
    // Realtime is not in the local stack yet: a small server that upgrades and echoes stands in for it.
    upstream = http.createServer((_request, response) => response.writeHead(426).end());
    upstream.on('upgrade', (request: http.IncomingMessage, socket: Socket) => {
      seen.push(request.headers);
      socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
      socket.pipe(socket);
    });
    await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    const apiUrl = `http://127.0.0.1:${(upstream.address() as AddressInfo).port}`;
    relay = await startWeb({ port: 0, apiUrl, distDir: path.join(rootDir, 'dist'), trustedProxies: [] });
  });
  afterAll(async () => {
    await relay?.close();
    upstream?.closeAllConnections();
    await new Promise((resolve) => upstream?.close(resolve));
  });
  afterEach(() => void seen.splice(0));

  /** Asks `requestPath` to upgrade; resolves with the status, and the echo of `message` once upgraded. */
  function upgrade(requestPath: string, message: string): Promise<{ status: number; echo?: string }> {
    return new Promise((resolve, reject) => {
      const request = http.request(`${relay.url}${requestPath}`, {
        headers: { connection: 'Upgrade', upgrade: 'websocket', 'x-forwarded-for': '198.51.100.9' },
      });
      request.on('upgrade', (response, socket: Socket) => {
        socket.once('data', (data: Buffer) => {
          socket.destroy();
          resolve({ status: response.statusCode ?? 0, echo: data.toString('utf8') });
        });
        socket.write(message);
      });
      request.on('response', (response) => {
        response.resume();
        resolve({ status: response.statusCode ?? 0 });
      });
      request.on('error', reject);
      request.end();
    });
  }

  it('relays /realtime/v1 upgrades both ways, with the client address set', async () => {
    expect(await upgrade('/realtime/v1/websocket?vsn=1.0.0', 'hola')).toEqual({ status: 101, echo: 'hola' });
    expect(seen).toHaveLength(1);
    expect(['127.0.0.1', '::1']).toContain(seen[0]['x-forwarded-for']);
  });

  it('refuses upgrades anywhere else', async () => {
    expect(await upgrade('/api/whatever', 'x')).toEqual({ status: 404 });
    expect(await upgrade('/', 'x')).toEqual({ status: 404 });
    expect(seen).toHaveLength(0);
  });
});

describe('the client build (stack/build.ts)', () => {
  let root: string;

  /** The lazily loaded module, showing `title` (long enough that compressing it pays off). */
  async function writePage(dir: string, title: string): Promise<void> {
    const words = Array.from({ length: 200 }, (_, i) => `${title}${i % 20}`).join(' ');
    await fs.writeFile(path.join(dir, 'src', 'page.ts'), `export const show = () => (document.title = '${words}');\n`);
  }

  /** A tiny project beside the real node_modules: enough for Vite to build. */
  async function writeProject(dir: string): Promise<void> {
    await fs.mkdir(path.join(dir, 'src', 'test'), { recursive: true });
    await fs.mkdir(path.join(dir, 'public'), { recursive: true });
    await fs.symlink(path.join(rootDir, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    await fs.writeFile(path.join(dir, 'index.html'), '<!doctype html><div id="root"></div><script type="module" src="/src/main.ts"></script>\n');
    await fs.writeFile(path.join(dir, 'src', 'main.ts'), "import('./page').then(({ show }) => show());\n");
    await writePage(dir, 'one');
    await fs.writeFile(path.join(dir, 'src', 'main.test.ts'), '// a test\n');
    await fs.writeFile(path.join(dir, 'src', 'test', 'setup.ts'), '// test setup\n');
    await fs.writeFile(path.join(dir, 'public', 'robots.txt'), 'User-agent: *\n');
  }

  beforeAll(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-build-test-'));
    await writeProject(root);
  });
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  const edit = (file: string, text: string) => fs.appendFile(path.join(root, file), text);

  /** Runs `work` with these environment variables, then puts back what was there. */
  async function withEnv<T>(vars: Record<string, string>, work: () => Promise<T>): Promise<T> {
    const before = Object.fromEntries(Object.keys(vars).map((name) => [name, process.env[name]]));
    Object.assign(process.env, vars);
    try {
      return await work();
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  }

  it('hashes what ships: a source or public file changes it, a test file does not', async () => {
    const first = await buildInputsHash(root);
    expect(await buildInputsHash(root)).toBe(first);
    await edit('src/main.test.ts', '// another test\n');
    await edit('src/test/setup.ts', '// more setup\n');
    expect(await buildInputsHash(root)).toBe(first);
    await edit('src/page.ts', '// changed\n');
    const second = await buildInputsHash(root);
    expect(second).not.toBe(first);
    await edit('public/robots.txt', 'Disallow:\n');
    expect(await buildInputsHash(root)).not.toBe(second);
  });

  it('hashes the VITE_* environment a build would see, from the process or a .env file', async () => {
    const before = await buildInputsHash(root);
    expect(await withEnv({ VITE_BUILD_TEST_SETTING: 'on' }, () => buildInputsHash(root))).not.toBe(before);
    expect(await buildInputsHash(root)).toBe(before);
    expect(await withEnv({ NOT_FOR_THE_CLIENT: 'x' }, () => buildInputsHash(root))).toBe(before);
    await fs.writeFile(path.join(root, '.env'), 'VITE_FROM_FILE=1\n');
    expect(await buildInputsHash(root)).not.toBe(before);
  });

  it('lets the page connect to the Supabase and API origins the build was given, and no others', async () => {
    const distDir = path.join(root, 'dist-hosted');
    const hostedEnv = { VITE_SUPABASE_URL: 'https://ref.supabase.co', VITE_API_URL: 'https://ref.supabase.co/functions/v1/api' };
    const build = await withEnv(hostedEnv, () => ensureClientBuild({ root, distDir, log: () => {} }));
    expect(build.apiOrigins.sort()).toEqual(['https://ref.supabase.co', 'wss://ref.supabase.co']);
    const hosted = await startWeb({ port: 0, apiUrl: stack().apiUrl, distDir, apiOrigins: build.apiOrigins });
    try {
      const csp = directives((await rawRequest(`${hosted.url}/`)).headers['content-security-policy'] as string);
      expect(csp.get('connect-src')?.sort()).toEqual(["'self'", 'https://ref.supabase.co', 'wss://ref.supabase.co']);
      expect(csp.get('media-src')?.sort()).toEqual(["'self'", 'blob:', 'https://ref.supabase.co']);
    } finally {
      await hosted.close();
    }
    const local = await withEnv({ VITE_SUPABASE_URL: '', VITE_API_URL: '/api' }, () =>
      ensureClientBuild({ root, distDir: path.join(root, 'dist-local'), log: () => {} }),
    );
    expect(local.apiOrigins).toEqual([]);
  });

  it('builds only when the inputs changed, compressed, keeping the previous build’s assets one build long', async () => {
    const distDir = path.join(root, 'dist');
    const lines: string[] = [];
    const log = (line: string) => lines.push(line);
    const assets = async () => (await fs.readdir(path.join(distDir, 'assets'))).filter((name) => name.endsWith('.js')).sort();

    await ensureClientBuild({ root, distDir, log });
    expect(lines).toEqual(['Building the web app...']);
    const firstAssets = await assets();
    const firstPage = firstAssets.filter((name) => name.startsWith('page-'));
    expect(firstPage).toHaveLength(1);
    expect(existsSync(path.join(distDir, 'assets', `${firstPage[0]}.br`))).toBe(true);
    expect(existsSync(path.join(distDir, 'assets', `${firstPage[0]}.gz`))).toBe(true);

    await ensureClientBuild({ root, distDir, log });
    expect(lines).toEqual(['Building the web app...', 'Web app is up to date']);

    await writePage(root, 'two');
    await ensureClientBuild({ root, distDir, log });
    const secondAssets = await assets();
    expect(secondAssets).toEqual(expect.arrayContaining(firstAssets)); // a page loaded before can still load its chunks
    expect(secondAssets.length).toBeGreaterThan(firstAssets.length);

    await writePage(root, 'three');
    await ensureClientBuild({ root, distDir, log });
    const thirdAssets = await assets();
    // One build back is kept, two builds back is gone.
    expect(thirdAssets).toEqual(expect.arrayContaining(secondAssets.filter((name) => !firstAssets.includes(name))));
    expect(thirdAssets).not.toContain(firstPage[0]);
    expect((await fs.readdir(root)).filter((name) => name.startsWith('dist.'))).toEqual([]);
  });
});
