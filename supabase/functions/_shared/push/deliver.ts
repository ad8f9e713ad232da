import webPush from 'web-push';
import type { PushPayload } from '../contract/push.ts';
import type { Sql, Tx } from '../db.ts';
import { allowedPushEndpoint, pushLoopbackAllowed } from './endpoints.ts';
import { vapidFromEnv, type VapidKeys } from './vapid.ts';

/** What one delivery did: messages the push services took, subscriptions gone (404/410), failures. */
export interface PushDelivery {
  sent: number;
  removed: number;
  failed: number;
}

export interface DeliverOptions {
  /** Default: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT from the environment. */
  vapid?: VapidKeys;
  /** How long a push service may keep an undelivered reminder (TTL): a day's reminder, not tomorrow's. */
  ttlSeconds?: number;
  /** How long to wait for one push service. */
  timeoutMs?: number;
}

const DEFAULT_TTL_SECONDS = 6 * 3600;
const DEFAULT_TIMEOUT_MS = 10_000;

interface Subscription {
  id: string;
  endpoint: string;
  p256dh: string;
  auth: string;
}

type Outcome = 'sent' | 'gone' | 'failed';

/** Runs database work as a role that may read and write every learner's subscriptions (asService). */
export type DatabaseRunner = <T>(work: (db: Sql | Tx) => Promise<T>) => Promise<T>;

/**
 * One encrypted message (RFC 8291 aes128gcm) with VAPID (RFC 8292) to one subscription.
 * web-push builds the request (encryption, JWT, headers); fetch sends it, under Node and
 * Deno alike, without following redirects (the endpoint is the learner's word, not ours).
 */
async function sendOne(subscription: Subscription, payload: string, vapid: VapidKeys, options: Required<Omit<DeliverOptions, 'vapid'>>, topic?: string): Promise<Outcome> {
  // Checked again where the request leaves: whatever door wrote the row, no reminder goes
  // to an internal address (nor to loopback beyond a local stack).
  if (!allowedPushEndpoint(subscription.endpoint, pushLoopbackAllowed())) return 'failed';
  try {
    const request = webPush.generateRequestDetails({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, {
      vapidDetails: vapid,
      TTL: options.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      topic,
    });
    const headers = new Headers(request.headers as Record<string, string>);
    headers.delete('content-length');
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    await response.body?.cancel();
    if (response.status === 404 || response.status === 410) return 'gone';
    return response.status >= 200 && response.status < 300 ? 'sent' : 'failed';
  } catch {
    return 'failed';
  }
}

/**
 * Sends `payload` to every push subscription of the learner, all at once. A subscription
 * the push service answers 404 or 410 (expired, unsubscribed) is deleted; any other answer
 * or error (and an endpoint it may not post to, see endpoints.ts) is counted as failed and the
 * subscription kept. A success marks last_success_at.
 * `run` runs database work as a role that may read and delete every learner's subscriptions
 * (asService, or a superuser's transaction): once to read them, once to record the outcomes,
 * never while the push services answer (the service pool has two connections; a send may
 * take its whole timeout). Throws only when VAPID keys are missing or the database fails.
 */
export async function deliverPush(run: DatabaseRunner, userId: string, payload: PushPayload, options: DeliverOptions = {}): Promise<PushDelivery> {
  const vapid = options.vapid ?? vapidFromEnv();
  if (!vapid) throw new Error('Web Push is not configured: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY');
  const settings = { ttlSeconds: options.ttlSeconds ?? DEFAULT_TTL_SECONDS, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS };
  const subscriptions = await run((db) => db<Subscription[]>`
    select id, endpoint, p256dh, auth from public.push_subscriptions where user_id = ${userId}`);
  if (subscriptions.length === 0) return { sent: 0, removed: 0, failed: 0 };
  // A Topic replaces a reminder still waiting at the push service (RFC 8030 §5.4).
  const topic = /^[A-Za-z0-9_-]{1,32}$/.test(payload.tag) ? payload.tag : undefined;
  const text = JSON.stringify(payload);
  const outcomes = await Promise.all(subscriptions.map((subscription) => sendOne(subscription, text, vapid, settings, topic)));
  const idsWith = (outcome: Outcome) => subscriptions.filter((_, i) => outcomes[i] === outcome).map((subscription) => subscription.id);
  const gone = idsWith('gone');
  const sent = idsWith('sent');
  if (gone.length || sent.length) {
    await run(async (db) => {
      if (gone.length) await db`delete from public.push_subscriptions where id = any(${gone}::uuid[])`;
      if (sent.length) await db`update public.push_subscriptions set last_success_at = now() where id = any(${sent}::uuid[])`;
    });
  }
  return { sent: sent.length, removed: gone.length, failed: outcomes.filter((outcome) => outcome === 'failed').length };
}
