import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

// The `pages` edge function (the hosted path for the server-rendered pages) under real Deno, as
// Supabase runs it: the same pages app stack/web.ts mounts, reading the /api as a guest through
// SUPABASE_URL and the build's index.html from the web app's origin (JERGA_WEB_ORIGIN).
const deno = path.join(rootDir, 'node_modules', '.bin', 'deno');
const functionsDir = path.join(rootDir, 'supabase', 'functions');

let server: ChildProcess | undefined;
afterAll(async () => {
  server?.kill();
  await closeAdminSql();
});

async function serve(port: number): Promise<void> {
  server = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'deno.json', 'pages/index.ts'], {
    cwd: functionsDir,
    env: {
      ...process.env,
      DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
      SUPABASE_URL: stack().apiUrl,
      SUPABASE_ANON_KEY: stack().anonKey,
      JERGA_WEB_ORIGIN: stack().webUrl,
      JERGA_SITE_URL: 'https://jerga.example',
      NO_COLOR: '1',
    },
  });
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) resolve();
    };
    server!.stdout?.on('data', onData);
    server!.stderr?.on('data', onData);
    server!.once('exit', (code) => reject(new Error(`deno exited with ${code}:\n${output}`)));
  });
}

it('serves an entry page, its preview card, robots.txt and a 404 as the hosted function, under Deno', async () => {
  // The seed's chamba by its exact title (the rest of the suite adds many 'chamba …' entries).
  const [chamba] = await adminSql()<{ _id: string }[]>`select id as _id from public.entries where title = 'chamba'`;
  const port = 40000 + Math.floor(Math.random() * 20000);
  await serve(port);
  // Supabase hands the function /pages/<rest>.
  const at = (rest: string, headers: Record<string, string> = {}) => fetch(`http://127.0.0.1:${port}/pages${rest}`, { headers, redirect: 'manual' });

  const page = await at(`/content/${chamba!._id}`, { 'accept-language': 'es-MX' });
  expect(page.status).toBe(200);
  expect(page.headers.get('content-type')).toMatch(/^text\/html/);
  const html = await page.text();
  expect(html).toContain('<html lang="es">');
  expect(html).toMatch(/<title>chamba — [^<]+ \(México\) \| Jerga<\/title>/);
  expect(html).toContain(`<link rel="canonical" href="https://jerga.example/content/${chamba!._id}"`);
  // The build's own scripts, from the shell the web app's origin serves.
  expect(html).toMatch(/<script type="module" crossorigin src="\/assets\/[^"]+\.js"><\/script>/);

  const card = await at(`/content/${chamba!._id}/card.png?lng=es`);
  expect(card.status).toBe(200);
  expect(card.headers.get('content-type')).toBe('image/png');
  expect(new Uint8Array(await card.arrayBuffer()).subarray(1, 4)).toEqual(new TextEncoder().encode('PNG'));

  const robots = await at('/robots.txt');
  expect(await robots.text()).toContain('Sitemap: https://jerga.example/sitemap.xml');

  const missing = await at('/content/not-an-entry');
  expect(missing.status).toBe(404);
  expect(missing.headers.get('x-robots-tag')).toBe('noindex');
  await missing.body?.cancel();
}, 120_000);
