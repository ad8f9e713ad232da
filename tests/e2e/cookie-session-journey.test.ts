import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createServer, type ViteDevServer } from 'vite';
import { launchBrowser } from '../support/browser.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

// In real Chromium, a client set up as palabrotas' is (github.com/dikuw/palabrotas,
// client/vite.config.js): a Vite dev server on localhost whose `/api` proxy points at our
// gateway with `changeOrigin: true`, fetch calls with `credentials: 'include'` and no
// Authorization header. The browser itself decides which cookies travel and which Origin and
// Sec-Fetch-Site headers it sends, so this checks the cookie session end to end.

let browser: Browser;
let palabrotas: ViteDevServer;
let palabrotasUrl: string;
let root: string;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-palabrotas-client-'));
  await fs.writeFile(path.join(root, 'index.html'), '<!doctype html><html lang="en"><head><title>Palabrotas client</title></head><body><main>palabrotas</main></body></html>');
  palabrotas = await createServer({
    root,
    configFile: false,
    logLevel: 'error',
    server: { host: 'localhost', port: 0, proxy: { '/api': { target: stack().apiUrl, changeOrigin: true } } },
  });
  await palabrotas.listen();
  palabrotasUrl = `http://localhost:${(palabrotas.httpServer!.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await palabrotas?.close();
  await fs.rm(root, { recursive: true, force: true });
  await closeAdminSql();
});

/** What palabrotas' stores do: fetch with credentials, JSON in and out. */
async function palabrotasFetch(page: Page, url: string, method = 'GET', body?: unknown): Promise<{ status: number; body: any }> { // eslint-disable-line @typescript-eslint/no-explicit-any
  return page.evaluate(
    async ({ url, method, body }) => {
      const response = await fetch(url, {
        method,
        credentials: 'include',
        headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { url, method, body },
  );
}

const nameOf = async (email: string) => (await adminSql()<{ name: string }[]>`select p.name from public.profiles p join auth.users u on u.id = p.id where u.email = ${email}`)[0]?.name;

describe('the palabrotas-style client, by cookie', () => {
  const email = `palabrotasjar-${randomUUID().slice(0, 8)}@test.jerga.local`;
  const password = 'palabrotas-cookie-9';
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    context = await browser.newContext();
    page = await context.newPage();
    await page.goto(`${palabrotasUrl}/`);
  });

  afterAll(async () => {
    await context?.close();
  });

  it('registers, stays signed in across a reload, changes things, and logs out', async () => {
    const registered = await palabrotasFetch(page, '/api/user/register', 'POST', { name: 'Sonia Seed', email, password, confirmPassword: password });
    expect(registered.status).toBe(201);
    const cookies = await context.cookies(palabrotasUrl);
    const session = cookies.filter((cookie) => cookie.name.startsWith('sb-127-auth-token'));
    expect(session.length).toBeGreaterThan(0);
    for (const cookie of session) expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', secure: false });
    // HttpOnly: the page's own script cannot read it.
    expect(await page.evaluate(() => document.cookie)).not.toContain('sb-127-auth-token');

    await page.reload();
    expect((await palabrotasFetch(page, '/api/auth/getUser')).body.user).toMatchObject({ email, name: 'Sonia Seed' });
    expect((await palabrotasFetch(page, '/api/auth/authStatus')).body).toMatchObject({ isAuthenticated: true });

    const updated = await palabrotasFetch(page, '/api/user/update', 'POST', { name: 'Sonia Renamed' });
    expect(updated.status).toBe(200);
    expect(await nameOf(email)).toBe('Sonia Renamed');

    expect((await palabrotasFetch(page, '/api/auth/logout', 'POST')).status).toBe(200);
    expect((await context.cookies(palabrotasUrl)).filter((cookie) => cookie.name.startsWith('sb-127-auth-token'))).toEqual([]);
    await page.reload();
    expect((await palabrotasFetch(page, '/api/auth/getUser')).body.user ?? null).toBeNull();
  });

  it('refuses a change that another origin on the same site sends with the cookie', async () => {
    expect((await palabrotasFetch(page, '/api/auth/login', 'POST', { email, password })).status).toBe(200);
    // Another port on localhost: same site, so the Lax cookie does travel; the Origin check stops it.
    const other = await context.newPage();
    try {
      await other.goto(`${stack().devUrl}/`);
      const status = await other.evaluate(async (target) => {
        const response = await fetch(`${target}/api/user/update`, {
          method: 'POST',
          mode: 'no-cors',
          credentials: 'include',
          headers: { 'Content-Type': 'text/plain' },
          body: JSON.stringify({ name: 'Forged Name' }),
        });
        return response.type;
      }, palabrotasUrl);
      expect(status).toBe('opaque');
      await expect.poll(() => nameOf(email)).toBe('Sonia Renamed');
    } finally {
      await other.close();
    }
    expect((await palabrotasFetch(page, '/api/auth/getUser')).body.user).toMatchObject({ email });
  });

  it('signs in with Google through the local stand-in and comes back to the app signed in by cookie', async () => {
    const google = await browser.newContext();
    const tab = await google.newPage();
    try {
      await tab.goto(`${palabrotasUrl}/login`);
      // Palabrotas' button: window.location.href = '/api/auth/google'.
      await tab.evaluate(() => {
        window.location.href = '/api/auth/google';
      });
      await tab.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
      const googleEmail = `palabrotasgoogle-${randomUUID().slice(0, 8)}@test.jerga.local`;
      await tab.getByLabel('Email').fill(googleEmail);
      await tab.getByLabel('Name').fill('Gonzalo Google');
      await tab.getByRole('button', { name: 'Continue' }).click();
      await tab.waitForURL(`${palabrotasUrl}/`);
      expect((await palabrotasFetch(tab, '/api/auth/getUser')).body.user).toMatchObject({ email: googleEmail, name: 'Gonzalo Google' });
    } finally {
      await google.close();
    }
  });
});
