import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { stack } from '../support/stack.ts';

// The dev server's root is the repository, and older checkouts keep the database in
// <repo>/.jerga/db: nothing under .jerga/ may ever leave the dev server, nor the production
// web server (which serves only dist/, and no dot-folder even there).
const jergaDir = path.join(rootDir, '.jerga');
const folderName = `dev-server-test-${randomUUID().slice(0, 8)}`;
const folder = path.join(jergaDir, folderName);
const marker = `not-for-browsers-${randomUUID()}`;
const files = ['secret.txt', 'secret.js', 'secret.json', 'PG_VERSION'];
let createdJergaDir = false;

/** A GET with the path sent byte for byte: fetch() would normalise `..` and `%2e` first. */
function rawGet(base: string, requestPath: string): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.get({ host: hostname, port, path: requestPath, headers: { accept: '*/*' } }, (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject);
    request.setTimeout(10_000, () => request.destroy(new Error(`GET ${requestPath} timed out`)));
  });
}

function variants(file: string): string[] {
  const relative = `.jerga/${folderName}/${file}`;
  const absolute = path.join(folder, file);
  return [
    `/${relative}`,
    `/${relative}?raw`,
    `/${relative}?import`,
    `/${relative}?url`,
    `/${relative}?inline`,
    `/@fs${absolute}`,
    `/@fs${absolute}?raw`,
    `/@fs${absolute}?import`,
    `/@fs${absolute.replace('/.jerga/', '/%2Ejerga/')}`,
    `/%2Ejerga/${folderName}/${file}`,
    `/%2ejerga/${folderName}/${file}?raw`,
    `/.jerga%2F${folderName}%2F${file}`,
    `/%2Ejerga%2F${folderName}%2F${file}`,
    `/.jerga/${folderName}%2F${file}`,
    `//.jerga/${folderName}/${file}`,
    `/./.jerga/${folderName}/${file}`,
    `/src/../.jerga/${folderName}/${file}`,
    `/src/%2e%2e/.jerga/${folderName}/${file}`,
    `/.jerga/${folderName}/../${folderName}/${file}`,
    `/.jerga/./${folderName}/${file}`,
  ];
}

beforeAll(async () => {
  createdJergaDir = !existsSync(jergaDir);
  await fs.mkdir(folder, { recursive: true });
  for (const file of files) {
    const content = file.endsWith('.js') ? `export default '${marker}';\n` : file.endsWith('.json') ? JSON.stringify({ marker }) : `${marker}\n`;
    await fs.writeFile(path.join(folder, file), content);
  }
});

afterAll(async () => {
  await fs.rm(folder, { recursive: true, force: true });
  if (createdJergaDir) await fs.rm(jergaDir, { recursive: true, force: true });
});

const servers = [
  ['the dev server', () => stack().devUrl],
  ['the production web server', () => stack().webUrl],
] as const;

describe.each(servers)('%s', (_name, base) => {
  it.each(files)('never serves .jerga/%s, however the path is spelled', async (file) => {
    for (const requestPath of variants(file)) {
      const reply = await rawGet(base(), requestPath);
      expect.soft(reply.body, requestPath).not.toContain(marker);
      expect.soft(reply.status, requestPath).toBeGreaterThanOrEqual(400);
      expect.soft(reply.status, requestPath).toBeLessThan(500);
    }
  });
});

describe('the dev server', () => {
  const get = (requestPath: string) => rawGet(stack().devUrl, requestPath);

  it('still serves the app and its sources', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    expect((await get('/src/main.tsx')).status).toBe(200);
  });

  it("keeps Vite's own denials (.env)", async () => {
    const reply = await get(`/@fs${path.join(rootDir, '.env.example')}`);
    expect(reply.status).toBe(403);
  });
});

describe('the production web server', () => {
  const get = (requestPath: string) => rawGet(stack().webUrl, requestPath);
  const packageName = '"name": "jerga"';

  it('serves the built app, not the sources', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toContain('<div id="root"');
    expect(page.body).not.toContain('/src/main.tsx');
    expect((await get('/src/main.tsx')).status).toBe(404);
  });

  it('never serves a file outside its build folder', async () => {
    const escapes = [
      '/../package.json',
      '/%2e%2e/package.json',
      '/%2E%2E%2Fpackage.json',
      '/assets/../../package.json',
      '/assets/%2e%2e/%2e%2e/package.json',
      '/..%5Cpackage.json',
      '//work/package.json',
      `/@fs${path.join(rootDir, 'package.json')}`,
      '/.env.example',
      '/.build-stamp.json',
    ];
    for (const requestPath of escapes) {
      const reply = await get(requestPath);
      expect.soft(reply.body, requestPath).not.toContain(packageName);
      expect.soft(reply.status, requestPath).toBe(404);
    }
  });
});
