import type { PushSubscribeReply, PushUnsubscribeReply } from '@contract/push';
import { api } from '@/lib/api';

/** Tells the server about this browser's subscription (the same one again only renews it). */
export function saveSubscription(subscription: PushSubscription): Promise<PushSubscribeReply> {
  return api.post<PushSubscribeReply>('/push/subscribe', subscription.toJSON());
}

/** Tells the server to forget this browser's subscription; says how many of the learner's remain. */
export async function forgetSubscription(endpoint: string): Promise<PushUnsubscribeReply['data']> {
  return (await api.post<PushUnsubscribeReply>('/push/unsubscribe', { endpoint })).data;
}
