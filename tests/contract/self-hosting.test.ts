import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { SignJWT, decodeJwt, jwtVerify } from 'jose';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  loadConfig,
  rootDir,
  type StackConfig,
} from '../../stack/config.ts';
import { freePort } from '../../stack/free-port.ts';
import { startStack, type RunningStack } from '../../stack/index.ts';
import { generateKeys } from '../../stack/keys.ts';
import { SEEDED_ADMIN, isLoopbackHost } from '../../stack/self-hosting.ts';
import { startFakeGoogle } from '../support/fake-google.ts';
import { closeAdminSql } from '../support/stack.ts';

// Self-hosting mode: JERGA_HOST beyond loopback refuses every well-known development secret
// and the Google stand-in, with one message naming what to set, and starts with good values.

/**
 * The stacks that do start get a database of their own (unseeded): the shared test
 * database has the seeded admin with its published password, which self-hosting refuses.
 */
let own: RunningStack;
let ownDataDir: string;

beforeAll(async () => {
  ownDataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-self-hosting-'));
  own = await startStack({ dataDir: ownDataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
  restoreEnv();
});

afterAll(async () => {
  await own?.stop();
  if (ownDataDir) await fs.rm(ownDataDir, { recursive: true, force: true });
  await closeAdminSql();
});

const saved = { ...process.env };
function restoreEnv() {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}

/** Good values: fresh keys and Google sign-in off. */
async function goodConfig(): Promise<Partial<StackConfig>> {
  const keys = await generateKeys();
  return {
    jwtSecret: keys.JWT_SECRET,
    anonKey: keys.SUPABASE_ANON_KEY,
    serviceRoleKey: keys.SUPABASE_SERVICE_ROLE_KEY,
    publishableKeys: [keys.SUPABASE_PUBLISHABLE_KEY],
    secretKeys: [keys.SUPABASE_SECRET_KEY],
    google: 'off',
  };
}

async function startOn(host: string, config: Partial<StackConfig>) {
  try {
    return await startStack({ databaseUrl: own.dbUrl, apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true, host, ...config }, () => {});
  } catch (error) {
    restoreEnv();
    throw error;
  }
}

const signed = (role: string, secret: string) =>
  new SignJWT({ role }).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().setExpirationTime('1h').sign(new TextEncoder().encode(secret));

describe('self-hosting mode (JERGA_HOST beyond loopback)', () => {
  it('tells loopback from other addresses', () => {
    for (const host of ['127.0.0.1', '127.0.0.2', 'localhost', '::1', '[::1]', '::ffff:127.0.0.1']) expect(isLoopbackHost(host), host).toBe(true);
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'jerga.example.com', '::ffff:10.0.0.1']) expect(isLoopbackHost(host), host).toBe(false);
  });

  it('refuses the development defaults with one message that lists everything to set', async () => {
    const error = await startOn('0.0.0.0', {
      jwtSecret: LOCAL_JWT_SECRET,
      anonKey: LOCAL_ANON_KEY,
      serviceRoleKey: LOCAL_SERVICE_ROLE_KEY,
      secretKeys: [LOCAL_SECRET_KEY],
      google: undefined,
    }).then(
      () => null,
      (reason: unknown) => reason as Error,
    );
    expect(error?.message).toMatch(/^Refusing to listen on 0\.0\.0\.0/);
    for (const name of ['JWT_SECRET', 'SUPABASE_ANON_KEY', 'SUPABASE_SERVICE_ROLE_KEY', 'SUPABASE_SECRET_KEY', 'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET', 'JERGA_GOOGLE=off', 'stack/cli.ts keys']) {
      expect(error?.message).toContain(name);
    }
  });

  it('refuses each well-known or mismatched value on its own', async () => {
    const good = await goodConfig();
    const otherSecret = (await generateKeys()).JWT_SECRET;
    const cases: [Partial<StackConfig>, RegExp, number?][] = [
      // The keys signed with the good secret no longer match the development one either.
      [{ jwtSecret: LOCAL_JWT_SECRET }, /- JWT_SECRET/, 3],
      [{ jwtSecret: 'too-short-secret-31-characters!', anonKey: await signed('anon', 'too-short-secret-31-characters!'), serviceRoleKey: await signed('service_role', 'too-short-secret-31-characters!') }, /- JWT_SECRET: a random secret of at least 32 characters/],
      [{ anonKey: LOCAL_ANON_KEY }, /- SUPABASE_ANON_KEY/],
      [{ anonKey: await signed('anon', otherSecret) }, /- SUPABASE_ANON_KEY: a JWT with role "anon" signed with JWT_SECRET/],
      [{ anonKey: await signed('service_role', good.jwtSecret!) }, /- SUPABASE_ANON_KEY/],
      [{ serviceRoleKey: LOCAL_SERVICE_ROLE_KEY }, /- SUPABASE_SERVICE_ROLE_KEY/],
      [{ serviceRoleKey: await signed('service_role', otherSecret) }, /- SUPABASE_SERVICE_ROLE_KEY/],
      [{ secretKeys: [LOCAL_SECRET_KEY] }, /- SUPABASE_SECRET_KEY/],
      [{ secretKeys: [good.secretKeys![0], LOCAL_SECRET_KEY] }, /- SUPABASE_SECRET_KEY/],
      [{ google: undefined }, /- GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET .* or JERGA_GOOGLE=off/],
    ];
    for (const [change, message, count = 1] of cases) {
      const error = await startOn('0.0.0.0', { ...good, ...change }).then(
        () => null,
        (reason: unknown) => reason as Error,
      );
      expect(error?.message, JSON.stringify(change)).toMatch(message);
      // Only what is wrong is listed.
      expect(error?.message.split('\n').filter((line) => line.startsWith('  - '))).toHaveLength(count);
    }
  });

  it('starts on 0.0.0.0 with good values, with Google sign-in off', async () => {
    const good = await goodConfig();
    const running = await startOn('0.0.0.0', good);
    try {
      const settings = await fetch(`${running.apiUrl}/auth/v1/settings`, { headers: { apikey: good.publishableKeys![0] } });
      expect(((await settings.json()) as { external: { google: boolean } }).external.google).toBe(false);
      const authorize = await fetch(`${running.apiUrl}/auth/v1/authorize?provider=google`, { redirect: 'manual' });
      expect(authorize.status).toBe(400);
      expect(await authorize.json()).toMatchObject({ code: 'validation_failed', msg: expect.stringMatching(/not enabled/) });
      expect((await fetch(`${running.apiUrl}/auth/v1/local-google/authorize?state=x&redirect_uri=x`)).status).toBe(404);
      // The configured secret key is the admin; the development one is not.
      const admin = (key: string) => fetch(`${running.apiUrl}/auth/v1/admin/users?per_page=1`, { headers: { apikey: key, authorization: `Bearer ${key}` } });
      expect((await admin(good.secretKeys![0])).status).toBe(200);
      expect((await admin(LOCAL_SECRET_KEY)).status).toBe(401);
    } finally {
      await running.stop();
      restoreEnv();
    }
  });

  it('starts with real Google behind API_EXTERNAL_URL and SITE_URL: Google returns to the public callback, the app to the site', async () => {
    const google = await startFakeGoogle({ sub: '109876543210987654321', email: `self-host-${Date.now()}@jerga.test`, email_verified: true, name: 'Host' });
    const publicUrl = 'https://jerga.example.com';
    const running = await startOn('0.0.0.0', {
      ...(await goodConfig()),
      google: { clientId: google.clientId, clientSecret: google.clientSecret, issuerUrl: google.issuer },
      apiExternalUrl: publicUrl,
      siteUrl: publicUrl,
    });
    try {
      const authorize = await fetch(`${running.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(`${publicUrl}/`)}`, { redirect: 'manual' });
      const atGoogle = new URL(authorize.headers.get('location')!);
      expect(atGoogle.searchParams.get('redirect_uri')).toBe(`${publicUrl}/auth/v1/callback`);
      const consented = new URL((await fetch(atGoogle, { redirect: 'manual' })).headers.get('location')!);
      expect(`${consented.origin}${consented.pathname}`).toBe(`${publicUrl}/auth/v1/callback`);
      // What the proxy in front would pass on to the gateway.
      const callback = await fetch(`${running.apiUrl}/auth/v1/callback${consented.search}`, { redirect: 'manual' });
      const landed = new URL(callback.headers.get('location')!);
      expect(landed.origin).toBe(publicUrl);
      const token = new URLSearchParams(landed.hash.slice(1)).get('access_token')!;
      expect(decodeJwt(token).iss).toBe(`${publicUrl}/auth/v1`);

      // Beyond loopback, a localhost page is not an allowed redirect any more: the site URL is.
      const local = await fetch(`${running.apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent('http://localhost:9999/steal')}`, { redirect: 'manual' });
      const again = new URL((await fetch(local.headers.get('location')!, { redirect: 'manual' })).headers.get('location')!);
      const returned = new URL((await fetch(`${running.apiUrl}/auth/v1/callback${again.search}`, { redirect: 'manual' })).headers.get('location')!);
      expect(`${returned.origin}${returned.pathname}`).toBe(`${publicUrl}/`);
    } finally {
      await running.stop();
      restoreEnv();
      await google.close();
    }
  });

  it('refuses an API_EXTERNAL_URL or SITE_URL that is not an http(s) URL', () => {
    for (const [name, value] of [['API_EXTERNAL_URL', 'javascript:alert(1)'], ['SITE_URL', 'not a url']]) {
      process.env[name] = value;
      try {
        expect(() => loadConfig()).toThrow(new RegExp(name));
      } finally {
        restoreEnv();
      }
    }
  });

  it('refuses while the seeded admin keeps its published password, and starts once it is changed', async () => {
    const sql = postgres(own.dbUrl, { max: 1, onnotice: () => {} });
    try {
      await sql`insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at, created_at, updated_at)
                values ('00000000-0000-0000-0000-000000000000', ${randomUUID()}, 'authenticated', 'authenticated', 'Admin@Jerga.Local',
                        extensions.crypt(${SEEDED_ADMIN.password}, extensions.gen_salt('bf', 4)), now(), now(), now())`;
      const good = await goodConfig();
      await expect(startOn('0.0.0.0', good)).rejects.toThrow(/seeded admin admin@jerga\.local still has the password the README publishes/);
      // On loopback it starts, so the admin can sign in and change it.
      const local = await startOn('127.0.0.1', good);
      await local.stop();
      restoreEnv();
      await sql`update auth.users set encrypted_password = extensions.crypt('a-new-long-password', extensions.gen_salt('bf', 4))
                 where lower(email) = ${SEEDED_ADMIN.email}`;
      const running = await startOn('0.0.0.0', good);
      await running.stop();
      restoreEnv();
    } finally {
      await sql`delete from auth.users where lower(email) = ${SEEDED_ADMIN.email}`;
      await sql.end();
    }
  });

  it('prints fresh keys with `stack/cli.ts keys`, signed with the secret it prints', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'stack/cli.ts', 'keys'], { cwd: rootDir });
    const values = Object.fromEntries([...stdout.matchAll(/^export (\w+)='([^']+)'$/gm)].map((match) => [match[1], match[2]]));
    expect(Object.keys(values)).toEqual([
      'JWT_SECRET',
      'SUPABASE_ANON_KEY',
      'SUPABASE_SERVICE_ROLE_KEY',
      'SUPABASE_PUBLISHABLE_KEY',
      'SUPABASE_SECRET_KEY',
      'VITE_SUPABASE_ANON_KEY',
    ]);
    expect(values.JWT_SECRET.length).toBeGreaterThanOrEqual(32);
    const secret = new TextEncoder().encode(values.JWT_SECRET);
    expect((await jwtVerify(values.SUPABASE_ANON_KEY, secret)).payload.role).toBe('anon');
    expect((await jwtVerify(values.SUPABASE_SERVICE_ROLE_KEY, secret)).payload.role).toBe('service_role');
    expect(values.SUPABASE_SECRET_KEY).toMatch(/^sb_secret_[\w-]{32}$/);
    expect(values.SUPABASE_PUBLISHABLE_KEY).toMatch(/^sb_publishable_[\w-]{32}$/);
    expect(values.VITE_SUPABASE_ANON_KEY).toBe(values.SUPABASE_PUBLISHABLE_KEY);
    expect(values.JWT_SECRET).not.toBe((await generateKeys()).JWT_SECRET);
  });
});
