import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import { pushKeyReply, pushSubscribeReply, pushUnsubscribeReply } from '../../../supabase/functions/_shared/contract/push.ts';
import { api } from '../stack.ts';
import type { RouteCase } from './world.ts';

// Web Push (issue 32): the key, subscribing a browser and unsubscribing it, as the client's
// push switch calls them. Nothing is sent, so the endpoint need not answer.

/** A browser's PushSubscription.toJSON(), with real keys. */
function browserSubscription() {
  const ecdh = createECDH('prime256v1');
  return {
    endpoint: `https://push.example.com/send/${randomUUID()}`,
    expirationTime: null,
    keys: { p256dh: ecdh.generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  };
}

export const pushCases: RouteCase[] = [
  { route: 'GET /push/key', status: 200, schema: pushKeyReply, call: () => api('/push/key') },
  { route: 'POST /push/subscribe', status: 200, schema: pushSubscribeReply, call: ({ fan }) => api('/push/subscribe', { body: browserSubscription(), token: fan.token }) },
  {
    route: 'POST /push/unsubscribe',
    status: 200,
    schema: pushUnsubscribeReply,
    call: async ({ fan }) => {
      const subscription = browserSubscription();
      await api('/push/subscribe', { body: subscription, token: fan.token });
      return api('/push/unsubscribe', { body: { endpoint: subscription.endpoint }, token: fan.token });
    },
  },
];
