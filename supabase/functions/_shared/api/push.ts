import { Hono } from 'hono';
import { z } from 'zod';
import type { PushSubscribeReply } from '../contract/push.ts';
import { ApiError } from '../errors.ts';
import { allowedPushEndpoint, pushLoopbackAllowed } from '../push/endpoints.ts';
import { vapidFromEnv } from '../push/vapid.ts';
import type { ApiEnv } from './context.ts';
import { parseBody } from './validate.ts';

// Shapes only: whose subscription it is, the per-learner cap and the write limit live in SQL
// (public.save_push_subscription, push_subscriptions' policies).

/** A base64url key as browsers write it; padding some libraries add is dropped. */
const base64urlKey = (pattern: RegExp) =>
  z
    .string({ error: 'push_key_invalid' })
    .transform((key) => key.replace(/=+$/, ''))
    .pipe(z.string().regex(pattern, 'push_key_invalid'));

/** The browser's public key must be a point on P-256, or nothing can be encrypted to it. */
async function isP256Point(key: string): Promise<boolean> {
  const bytes = Uint8Array.from(atob(key.replace(/-/g, '+').replace(/_/g, '/')), (char) => char.charCodeAt(0));
  try {
    await crypto.subtle.importKey('raw', bytes, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
    return true;
  } catch {
    return false;
  }
}

/** The browser's PushSubscription as its toJSON() writes it. */
const subscribeBody = z.object({
  endpoint: z
    .string({ error: 'push_endpoint_invalid' })
    .max(2048, 'push_endpoint_invalid')
    .refine((endpoint) => allowedPushEndpoint(endpoint, pushLoopbackAllowed()), 'push_endpoint_invalid'),
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: base64urlKey(/^B[A-Za-z0-9_-]{86}$/).refine(isP256Point, 'push_key_invalid'),
      auth: base64urlKey(/^[A-Za-z0-9_-]{22}$/),
    },
    { error: 'push_key_invalid' },
  ),
});

const unsubscribeBody = z.object({ endpoint: z.string({ error: 'push_endpoint_invalid' }).min(1, 'push_endpoint_invalid').max(2048, 'push_endpoint_invalid') });

/** Guests are told to sign in before their body is looked at. */
function requireLearner(c: { get(key: 'caller'): { userId: string | null } }): void {
  if (!c.get('caller').userId) throw new ApiError(401, 'login_required');
}

export const push = new Hono<ApiEnv>()
  .get('/key', (c) => c.json({ success: true, data: { publicKey: vapidFromEnv()?.publicKey ?? null } }))
  .post('/subscribe', async (c) => {
    requireLearner(c);
    const body = await parseBody(c, subscribeBody);
    const data = await c.get('run')(
      async (tx) =>
        (
          await tx<{ saved: PushSubscribeReply['data'] & { id: string } }[]>`
            select public.save_push_subscription(${body.endpoint}, ${body.keys.p256dh}, ${body.keys.auth}) as saved`
        )[0].saved,
    );
    return c.json({ success: true, data: { endpoint: data.endpoint, createdAt: data.createdAt } });
  })
  .post('/unsubscribe', async (c) => {
    requireLearner(c);
    const body = await parseBody(c, unsubscribeBody);
    // Row-level security: only the caller's own subscription can go, and only theirs are counted.
    const data = await c.get('run')(async (tx) => {
      const removed = (await tx`delete from public.push_subscriptions where endpoint = ${body.endpoint} returning id`).length > 0;
      const [{ remaining }] = await tx<{ remaining: number }[]>`select count(*)::int as remaining from public.push_subscriptions`;
      return { removed, remaining };
    });
    return c.json({ success: true, data });
  });
