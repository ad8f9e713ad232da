import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import webPush from 'web-push';
import type { VapidKeys } from '../supabase/functions/_shared/push/vapid.ts';

/** Where the contact address push services see defaults to (VAPID_SUBJECT overrides it). */
const LOCAL_SUBJECT = 'mailto:admin@jerga.local';

/**
 * Where a stack keeps its VAPID keys: beside the database folder (<data>/vapid.json next to
 * <data>/db, as Storage's files are), else `<folder>-vapid.json`, so the keys live and die
 * with the data (a browser's subscriptions are tied to the public key).
 */
export function vapidFileOf(dataDir: string): string {
  const resolved = path.resolve(dataDir);
  return path.basename(resolved) === 'db' ? path.join(path.dirname(resolved), 'vapid.json') : `${resolved}-vapid.json`;
}

const isKeys = (value: unknown): value is Pick<VapidKeys, 'publicKey' | 'privateKey'> =>
  typeof value === 'object' && value !== null && typeof (value as VapidKeys).publicKey === 'string' && typeof (value as VapidKeys).privateKey === 'string';

/**
 * The stack's VAPID keys (RFC 8292): VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set,
 * else the pair kept in the data folder, generated (web-push's generateVAPIDKeys) on the first
 * start. Written atomically, readable by the owner only.
 */
export async function loadVapidKeys(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT?.trim() || LOCAL_SUBJECT;
  if (env.VAPID_PUBLIC_KEY?.trim() && env.VAPID_PRIVATE_KEY?.trim()) {
    return { publicKey: env.VAPID_PUBLIC_KEY.trim(), privateKey: env.VAPID_PRIVATE_KEY.trim(), subject };
  }
  if (env.VAPID_PUBLIC_KEY?.trim() || env.VAPID_PRIVATE_KEY?.trim()) throw new Error('Set both VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY, or neither');
  const file = vapidFileOf(dataDir);
  const kept: unknown = await fs.readFile(file, 'utf8').then(JSON.parse, (error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (kept !== undefined) {
    if (!isKeys(kept)) throw new Error(`${file} does not hold VAPID keys: remove it to generate a new pair`);
    return { publicKey: kept.publicKey, privateKey: kept.privateKey, subject };
  }
  const fresh = webPush.generateVAPIDKeys();
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, `${JSON.stringify(fresh, null, 2)}\n`, { mode: 0o600 });
  await fs.rename(temporary, file);
  return { ...fresh, subject };
}
