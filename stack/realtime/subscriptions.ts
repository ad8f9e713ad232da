import type { Presence } from './presence.ts';
import { send } from './send.ts';
import type { Topics } from './topics.ts';
import type { Subscription } from './types.ts';

/** Where a joined channel is recorded (its socket and its topic), and how it ends. */
export class Subscriptions {
  constructor(
    private readonly topics: Topics,
    private readonly presence: Presence,
  ) {}

  add(subscription: Subscription): void {
    subscription.connection.channels.set(subscription.topic, subscription);
    this.topics.add(subscription);
  }

  /** Forgets a channel: its socket's entry, its topic's, its expiry timer and its presence. */
  remove(subscription: Subscription): void {
    clearTimeout(subscription.expiry);
    const connection = subscription.connection;
    if (connection.channels.get(subscription.topic) === subscription) connection.channels.delete(subscription.topic);
    this.topics.delete(subscription);
    this.presence.untrack(subscription);
  }

  /** A `system` error, then phx_close: how Realtime ends a channel whose token went bad. */
  shutDown(subscription: Subscription, message: string): void {
    const { connection, topic, joinRef, subTopic } = subscription;
    this.remove(subscription);
    send(connection, {
      join_ref: joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: subTopic },
    });
    send(connection, { join_ref: joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });
  }
}
