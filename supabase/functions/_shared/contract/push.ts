import { z } from 'zod';
import { success, time } from './common.ts';

/**
 * GET /api/push/key: the application server's VAPID public key (RFC 8292, base64url), which
 * the browser's PushManager.subscribe needs; null when this deployment has no VAPID keys
 * (push reminders are then unavailable and the client offers no switch).
 */
export const pushKeyReply = z.strictObject({ success, data: z.strictObject({ publicKey: z.string().nullable() }) });
export type PushKeyReply = z.infer<typeof pushKeyReply>;

/** POST /api/push/subscribe: the subscription as saved (the same endpoint again renews it). */
export const pushSubscribeReply = z.strictObject({
  success,
  data: z.strictObject({ endpoint: z.string(), createdAt: time }),
});
export type PushSubscribeReply = z.infer<typeof pushSubscribeReply>;

/**
 * POST /api/push/unsubscribe: whether the caller had that endpoint (false the second time), and
 * how many of the caller's browsers are still subscribed (the switch turns reminders.push off
 * only when none is).
 */
export const pushUnsubscribeReply = z.strictObject({ success, data: z.strictObject({ removed: z.boolean(), remaining: z.number().int().min(0) }) });
export type PushUnsubscribeReply = z.infer<typeof pushUnsubscribeReply>;

/** What a push reminder carries to the service worker (public/push-sw.js shows it). */
export const pushPayload = z.strictObject({
  title: z.string(),
  body: z.string(),
  /** Where a click on the notification leads: an app path. */
  url: z.string().startsWith('/'),
  /** Replaces an earlier notification with the same tag (one reminder a day, not a pile). */
  tag: z.string(),
});
export type PushPayload = z.infer<typeof pushPayload>;
