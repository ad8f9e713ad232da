import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadVapidKeys, vapidFileOf } from '../../stack/vapid.ts';
import { vapidFromEnv } from '../../supabase/functions/_shared/push/vapid.ts';
import { stack } from '../support/stack.ts';

// The local stack's Web Push keys (issue 32): generated on the first start, kept with the data
// (a browser's subscription is tied to the public key), or taken from VAPID_* when exported.

const folders: string[] = [];
async function dataDir(): Promise<string> {
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-vapid-'));
  folders.push(folder);
  return path.join(folder, 'db');
}
afterAll(async () => {
  for (const folder of folders) await fs.rm(folder, { recursive: true, force: true });
});

describe('VAPID keys of the local stack', () => {
  it('are generated once, kept beside the database folder (owner-only), and the same on the next start', async () => {
    const dir = await dataDir();
    const first = await loadVapidKeys(dir, {});
    expect(first.publicKey).toMatch(/^B[A-Za-z0-9_-]{86}$/);
    expect(first.privateKey).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.subject).toBe('mailto:admin@jerga.local');
    expect(vapidFileOf(dir)).toBe(path.join(path.dirname(dir), 'vapid.json'));
    expect((await fs.stat(vapidFileOf(dir))).mode & 0o777).toBe(0o600);
    expect(await loadVapidKeys(dir, { VAPID_SUBJECT: 'https://jerga.example/contact' })).toEqual({ ...first, subject: 'https://jerga.example/contact' });
    expect((await loadVapidKeys(await dataDir(), {})).publicKey).not.toBe(first.publicKey);
  });

  it('come from VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are exported, and half a pair stops the start', async () => {
    const dir = await dataDir();
    expect(await loadVapidKeys(dir, { VAPID_PUBLIC_KEY: 'BPublic', VAPID_PRIVATE_KEY: 'private' })).toEqual({ publicKey: 'BPublic', privateKey: 'private', subject: 'mailto:admin@jerga.local' });
    await expect(fs.stat(vapidFileOf(dir))).rejects.toThrow(/ENOENT/);
    await expect(loadVapidKeys(dir, { VAPID_PUBLIC_KEY: 'BPublic' })).rejects.toThrow('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  });

  it('refuse a kept file that holds no keys, rather than silently replacing the pair', async () => {
    const dir = await dataDir();
    await fs.writeFile(vapidFileOf(dir), '{"publicKey": 3}');
    await expect(loadVapidKeys(dir, {})).rejects.toThrow(/does not hold VAPID keys/);
  });

  it('are the running test stack’s, kept with its data, and what the functions read', async () => {
    const kept = JSON.parse(await fs.readFile(path.join(path.dirname(stack().storageDir), 'vapid.json'), 'utf8')) as { publicKey: string };
    expect(kept.publicKey).toBe(stack().vapid.publicKey);
    const env: Record<string, string> = { VAPID_PUBLIC_KEY: stack().vapid.publicKey, VAPID_PRIVATE_KEY: stack().vapid.privateKey };
    expect(vapidFromEnv((name) => env[name])).toEqual({ ...stack().vapid, subject: 'mailto:admin@jerga.local' });
    expect(vapidFromEnv(() => undefined)).toBeUndefined();
  });
});
