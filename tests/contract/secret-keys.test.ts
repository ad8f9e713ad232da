import { randomBytes } from 'node:crypto';
import { RealtimeClient } from '@supabase/realtime-js';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { LOCAL_SECRET_KEY, loadConfig } from '../../stack/config.ts';
import { freePort } from '../../stack/free-port.ts';
import { startStack, type RunningStack } from '../../stack/index.ts';
import { transport } from '../support/realtime.ts';
import { closeAdminSql, stack } from '../support/stack.ts';

// A second gateway (Auth, Realtime, the api function) on the test database, started with
// configured secret keys: those work everywhere a secret key is accepted, the built-in
// development key nowhere.

const newKey = (kind: 'secret' | 'publishable') => `sb_${kind}_${randomBytes(18).toString('base64url')}`;

const keyNames = ['SUPABASE_SECRET_KEYS', 'SUPABASE_SECRET_KEY', 'SUPABASE_PUBLISHABLE_KEYS', 'SUPABASE_PUBLISHABLE_KEY'];
const saved = { ...process.env };

function restoreEnv() {
  for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
  Object.assign(process.env, saved);
}

/**
 * Runs `check` against a stack started with `env` set as a developer would export it. The
 * environment stays so until the stack stops: the api function reads it on every request.
 */
async function withStack(env: Record<string, string>, check: (running: RunningStack) => Promise<void> = async () => {}): Promise<void> {
  for (const name of keyNames) delete process.env[name];
  Object.assign(process.env, env);
  try {
    const running = await startStack(
      { databaseUrl: stack().dbUrl, apiPort: await freePort(), jwtSecret: stack().jwtSecret, anonKey: stack().anonKey, serviceRoleKey: stack().serviceRoleKey, seed: false, mailPort: 0, smtpPort: 0, quiet: true },
      () => {},
    );
    try {
      await check(running);
    } finally {
      await running.stop();
    }
  } finally {
    restoreEnv();
  }
}

const clients: RealtimeClient[] = [];
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.removeAllChannels().then(() => client.disconnect())));
});
afterAll(closeAdminSql);

async function listUsers(running: RunningStack, key: string): Promise<number> {
  const response = await fetch(`${running.apiUrl}/auth/v1/admin/users?per_page=1`, {
    headers: { apikey: key, authorization: `Bearer ${key}` },
  });
  await response.body?.cancel();
  return response.status;
}

/** Joins a private topic with `key` as the access token: SUBSCRIBED or the refusal. */
function joinPrivate(running: RunningStack, key: string, topic: string, received: string[] = []): Promise<string> {
  const client = new RealtimeClient(`${running.apiUrl.replace(/^http/, 'ws')}/realtime/v1`, {
    params: { apikey: running.config.anonKey },
    transport,
  });
  clients.push(client);
  const channel = client.channel(topic, { config: { private: true } });
  channel.on('broadcast', { event: '*' }, (message) => void received.push(String(message.event)));
  return new Promise((resolve) => {
    void client.setAuth(key).then(() =>
      channel.subscribe((status, error) => {
        if (status === 'SUBSCRIBED') resolve(status);
        else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') resolve(`${status}: ${error?.message ?? ''}`);
      }),
    );
  });
}

async function broadcast(running: RunningStack, key: string, topic: string, event: string): Promise<number> {
  const response = await fetch(`${running.apiUrl}/realtime/v1/api/broadcast`, {
    method: 'POST',
    headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messages: [{ topic, event, payload: {}, private: true }] }),
  });
  await response.body?.cancel();
  return response.status;
}

describe('configured secret keys replace the built-in one', () => {
  const forms = [
    { form: 'SUPABASE_SECRET_KEYS (named keys)', keys: [newKey('secret'), newKey('secret')], env: (keys: string[]) => ({ SUPABASE_SECRET_KEYS: JSON.stringify({ default: keys[0], backend: keys[1] }) }) },
    { form: 'SUPABASE_SECRET_KEY', keys: [newKey('secret')], env: (keys: string[]) => ({ SUPABASE_SECRET_KEY: keys[0] }) },
  ];
  for (const { form, keys, env } of forms) {
    it(`${form}: Auth's admin API and Realtime take the configured keys and refuse the built-in one`, async () => {
      await withStack(env(keys), async (running) => {
        expect(running.config.secretKeys).toEqual(keys);
        // Kong answers an unknown key 401 before GoTrue sees it.
        expect(await listUsers(running, LOCAL_SECRET_KEY)).toBe(401);
        for (const key of keys) expect(await listUsers(running, key)).toBe(200);

        const topic = `secret-keys:${randomBytes(6).toString('hex')}`;
        expect(await joinPrivate(running, LOCAL_SECRET_KEY, topic)).toMatch(/^CHANNEL_ERROR: .*Invalid/);
        const received: string[] = [];
        expect(await joinPrivate(running, keys[0], topic, received)).toBe('SUBSCRIBED');
        expect(await broadcast(running, LOCAL_SECRET_KEY, topic, 'from-built-in')).toBe(401);
        expect(await broadcast(running, keys.at(-1)!, topic, 'from-configured')).toBe(202);
        await expect.poll(() => received).toEqual(['from-configured']);

        // The api function signs browsers in with the configured key (Sb-Forwarded-For needs it).
        const login = await fetch(`${running.apiUrl}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email: 'admin@jerga.local', password: 'jerga-admin-2026' }),
        });
        expect(login.status).toBe(200);
        await login.body?.cancel();
      });
    });
  }

  it('refuses to start on a malformed SUPABASE_SECRET_KEYS, saying what is wrong', async () => {
    for (const [value, message] of [
      ['sb_secret_not-json', /SUPABASE_SECRET_KEYS is not JSON/],
      ['["sb_secret_aaaaaaaaaaaa"]', /must be a JSON object of named keys/],
      ['{}', /must be a JSON object of named keys/],
      ['{"default":"sk_live_aaaaaaaaaaaa"}', /key "default" must be a string starting with sb_secret_/],
      ['{"default":"sb_secret_has space inside"}', /key "default" must be a string starting with sb_secret_/],
    ] as const) {
      await expect(withStack({ SUPABASE_SECRET_KEYS: value }), value).rejects.toThrow(message);
    }
    await expect(withStack({ SUPABASE_SECRET_KEY: 'sb_publishable_aaaaaaaaaaaa' })).rejects.toThrow(/SUPABASE_SECRET_KEY must start with sb_secret_/);
  });

  it('keeps the built-in keys only when no key is configured, and honours the publishable keys too', () => {
    for (const name of keyNames) delete process.env[name];
    try {
      expect(loadConfig().secretKeys).toEqual([LOCAL_SECRET_KEY]);
      const publishable = newKey('publishable');
      process.env.SUPABASE_PUBLISHABLE_KEYS = JSON.stringify({ default: publishable });
      process.env.SUPABASE_SECRET_KEY = 'sb_secret_only-this-one-counts';
      const config = loadConfig();
      expect(config.publishableKeys).toEqual([publishable]);
      expect(config.publishableKey).toBe(publishable);
      expect(config.secretKeys).toEqual(['sb_secret_only-this-one-counts']);
    } finally {
      restoreEnv();
    }
  });
});
