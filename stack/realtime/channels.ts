import { randomUUID } from 'node:crypto';
import { unauthorizedRead } from './authorization.ts';
import { scheduleExpiry } from './expiry.ts';
import { MAX_CHANNELS_PER_SOCKET } from './limits.ts';
import type { PhoenixMessage } from './protocol.ts';
import { presenceKeyOf, type Presence } from './presence.ts';
import type { ChannelEvent } from './routes.ts';
import { reply, send } from './send.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Caller, TokenVerifier } from '../tokens.ts';
import { topicKey, type Topics } from './topics.ts';
import { isObject, type Authorization, type Connection, type Subscription } from './types.ts';

const TOPIC_PREFIX = 'realtime:';

export interface ChannelsOptions {
  topics: Topics;
  presence: Presence;
  subscriptions: Subscriptions;
  verify: TokenVerifier;
  /** RLS on realtime.messages for a private topic (see authorization.ts). */
  authorize(caller: Caller, subTopic: string): Promise<Authorization>;
  log(line: string): void;
}

type ChannelHandler = (connection: Connection, subscription: Subscription, message: PhoenixMessage, payload: Record<string, unknown>) => void | Promise<void>;

/** What a client's messages do: the heartbeat, joining a channel, and each push on a joined one. */
export class Channels {
  constructor(private readonly options: ChannelsOptions) {}

  async handle(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') reply(connection, message, 'ok');
      return;
    }
    if (message.event === 'phx_join') return this.join(connection, message);
    const subscription = connection.channels.get(message.topic);
    if (!subscription || (message.join_ref !== null && message.join_ref !== subscription.joinRef)) {
      // Phoenix's answer to a push on a channel this socket has not joined.
      if (message.event !== 'phx_leave') return reply(connection, message, 'error', { reason: 'unmatched topic' });
      return reply(connection, message, 'ok');
    }
    const handler = Object.hasOwn(this.handlers, message.event) ? this.handlers[message.event as ChannelEvent] : undefined;
    if (!handler) return reply(connection, message, 'error', { reason: `unknown event ${message.event}` });
    return handler(connection, subscription, message, isObject(message.payload) ? message.payload : {});
  }

  /** What a client may push on a joined channel (CHANNEL_EVENTS names the same ones). */
  private readonly handlers: Record<ChannelEvent, ChannelHandler> = {
    phx_leave: (connection, subscription, message) => {
      this.options.subscriptions.remove(subscription);
      reply(connection, message, 'ok');
    },
    access_token: (_connection, subscription, _message, payload) => this.updateToken(subscription, payload),
    broadcast: (connection, subscription, message, payload) => {
      if (!subscription.access.write) {
        if (subscription.ack) reply(connection, message, 'error', { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${subscription.subTopic}` });
        return;
      }
      this.options.topics.broadcast(subscription.key, 'broadcast', { type: 'broadcast', event: payload.event, payload: payload.payload ?? {} }, subscription);
      if (subscription.ack) reply(connection, message, 'ok');
    },
    presence: (connection, subscription, message, payload) => {
      if (!subscription.access.presence) {
        return reply(connection, message, 'error', { reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${subscription.subTopic}` });
      }
      if (payload.event === 'track') this.options.presence.track(subscription, payload.payload);
      else if (payload.event === 'untrack') this.options.presence.untrack(subscription);
      else return reply(connection, message, 'error', { reason: 'unknown presence event' });
      reply(connection, message, 'ok');
    },
  };

  private async join(connection: Connection, message: PhoenixMessage): Promise<void> {
    const { verify, authorize, log, subscriptions, presence } = this.options;
    if (!message.topic.startsWith(TOPIC_PREFIX)) return reply(connection, message, 'error', { reason: 'unmatched topic' });
    const subTopic = message.topic.slice(TOPIC_PREFIX.length);
    const payload = isObject(message.payload) ? message.payload : {};
    const channelConfig = isObject(payload.config) ? payload.config : {};
    const postgresChanges = channelConfig.postgres_changes;
    if (Array.isArray(postgresChanges) && postgresChanges.length > 0) {
      return reply(connection, message, 'error', {
        reason:
          'postgres_changes is not supported by this local stack: it delivers Broadcast and Presence only. ' +
          'Publish changes with realtime.send() or realtime.broadcast_changes() in a trigger.',
      });
    }
    const existing = connection.channels.get(message.topic);
    if (!existing && connection.channels.size >= MAX_CHANNELS_PER_SOCKET) {
      return reply(connection, message, 'error', { reason: 'Too many channels' });
    }
    const token = typeof payload.access_token === 'string' ? payload.access_token : null;
    let caller = connection.caller;
    if (token) {
      const check = await verify(token);
      if (!check.ok) return reply(connection, message, 'error', { reason: check.reason });
      caller = check.caller;
    }
    const isPrivate = channelConfig.private === true;
    let access: Authorization = { read: true, write: true, presence: true };
    if (isPrivate) {
      try {
        access = await authorize(caller, subTopic);
      } catch (error) {
        log(`Realtime: could not authorize ${subTopic}: ${String(error)}`);
        return reply(connection, message, 'error', { reason: 'Realtime was unable to connect to the project database' });
      }
      if (!access.read) return reply(connection, message, 'error', { reason: unauthorizedRead(subTopic) });
    }
    // A second join of the same topic on one socket replaces the first, as in Phoenix.
    if (existing) {
      subscriptions.remove(existing);
      send(connection, { join_ref: existing.joinRef, ref: existing.joinRef, topic: existing.topic, event: 'phx_close', payload: {} });
    }
    const broadcastConfig = isObject(channelConfig.broadcast) ? channelConfig.broadcast : {};
    const presenceConfig = isObject(channelConfig.presence) ? channelConfig.presence : {};
    const subscription: Subscription = {
      id: randomUUID(),
      connection,
      topic: message.topic,
      subTopic,
      key: topicKey(isPrivate, subTopic),
      joinRef: message.join_ref,
      isPrivate,
      self: broadcastConfig.self === true,
      ack: broadcastConfig.ack === true,
      presenceKey: presenceKeyOf(caller),
      presenceEnabled: presenceConfig.enabled === true,
      caller,
      token,
      access,
    };
    subscriptions.add(subscription);
    this.scheduleExpiry(subscription);
    reply(connection, message, 'ok', { postgres_changes: [] });
    if (subscription.presenceEnabled) {
      send(connection, { join_ref: subscription.joinRef, ref: null, topic: subscription.topic, event: 'presence_state', payload: presence.state(subscription.key) });
    }
  }

  /** access_token: a new token for one channel, checked (and for a private channel, authorized) again. */
  private async updateToken(subscription: Subscription, payload: unknown): Promise<void> {
    const { verify, authorize, log, subscriptions } = this.options;
    const token = isObject(payload) ? payload.access_token : undefined;
    if (token === subscription.token) return;
    const check = await verify(token);
    if (!check.ok) return subscriptions.shutDown(subscription, check.reason);
    subscription.caller = check.caller;
    subscription.token = token as string;
    if (subscription.isPrivate) {
      try {
        subscription.access = await authorize(check.caller, subscription.subTopic);
      } catch (error) {
        log(`Realtime: could not authorize ${subscription.subTopic}: ${String(error)}`);
        return;
      }
      if (!subscription.access.read) return subscriptions.shutDown(subscription, unauthorizedRead(subscription.subTopic));
    }
    this.scheduleExpiry(subscription);
  }

  private scheduleExpiry(subscription: Subscription): void {
    scheduleExpiry(subscription, (ended, reason) => this.options.subscriptions.shutDown(ended, reason));
  }
}
