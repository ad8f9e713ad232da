import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import postgres from 'postgres';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { StackConfig } from '../config.ts';
import { decodeFrame, encodeBinaryBroadcast, encodeFrame, type PhoenixMessage, type Vsn } from './protocol.ts';
import { WEBSOCKET_PATH, type ChannelEvent } from './routes.ts';
import { tokenVerifier, type Caller, type TokenVerifier } from '../tokens.ts';

/** The Postgres channel realtime.send() notifies on, with the realtime.messages row id. */
export const NOTIFY_CHANNEL = 'realtime_broadcast';
/** Largest frame a client may send (Realtime's default websocket max frame is 1 MB too). */
export const MAX_PAYLOAD = 1024 * 1024;
/** What may wait unsent for one socket before it is dropped as a reader that stopped. */
const MAX_BUFFERED = 16 * 1024 * 1024;
/** Realtime's default max_channels_per_client. */
export const MAX_CHANNELS_PER_SOCKET = 100;
const TOPIC_PREFIX = 'realtime:';
/** How the service's database connections name themselves (pg_stat_activity). */
export const APPLICATION_NAME = 'jerga-realtime';
/** setTimeout's largest delay. */
const MAX_TIMER = 2 ** 31 - 1;
/**
 * Supabase Realtime's per-client limits (its self-hosting defaults): messages a socket may
 * send per second, channel joins per second, and the size of one broadcast's payload.
 */
export const MAX_EVENTS_PER_SECOND = 100;
export const MAX_JOINS_PER_SECOND = 100;
export const MAX_PAYLOAD_BYTES = 256 * 1024;
/** Frames one socket may have waiting for their turn; past this it is closed (1008). */
export const MAX_PENDING_PER_SOCKET = 200;
/** The system message Realtime sends when a channel's token is no longer good. */
const TOKEN_ENDED = 'Token has expired 0 seconds ago';

export interface RealtimeOptions {
  config: Pick<StackConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'>;
  /** A superuser URL: the service reads realtime.messages and checks RLS as the caller's role. */
  databaseUrl: string;
  log?: (line: string) => void;
  /** How often private channels' sessions are checked again (default 30 s: an ended session's channels close within a minute). */
  sessionCheckSeconds?: number;
}

export interface RealtimeService {
  /** For the gateway's `upgrade` event: takes /realtime/v1/websocket, refuses anything else. */
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** /realtime/v1/api/* (the path past /realtime/v1): the HTTP broadcast endpoints. */
  fetch(request: Request, path: string): Promise<Response>;
  /** A new database pool and LISTEN connection (after Postgres restarted). */
  renewConnection(): Promise<void>;
  close(): Promise<void>;
}

interface Authorization {
  read: boolean;
  write: boolean;
  presence: boolean;
}

interface Connection {
  ws: WebSocket;
  vsn: Vsn;
  caller: Caller;
  channels: Map<string, Subscription>;
  queue: Promise<void>;
  /** Frames waiting in `queue`. */
  pending: number;
  closed: boolean;
  /** This second's counts, for the per-client limits. */
  second: number;
  events: number;
  joins: number;
}

interface Subscription {
  id: string;
  connection: Connection;
  topic: string;
  subTopic: string;
  /** private/public plus the name: the two never share messages. */
  key: string;
  joinRef: string | null;
  isPrivate: boolean;
  self: boolean;
  ack: boolean;
  presenceKey: string;
  presenceEnabled: boolean;
  caller: Caller;
  token: string | null;
  access: Authorization;
  expiry?: NodeJS.Timeout;
}

interface PresenceEntry {
  key: string;
  meta: Record<string, unknown>;
}

class Rollback extends Error {}

const topicKey = (isPrivate: boolean, subTopic: string) => `${isPrivate ? 'private' : 'public'}:${subTopic}`;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const reason = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
}

/**
 * The first slice of Supabase Realtime: Broadcast (from clients, from the database through
 * realtime.send(), over HTTP) and Presence over the Phoenix protocol, with private channels
 * authorized by RLS on realtime.messages. postgres_changes is refused at join.
 */
export async function startRealtime({ config, databaseUrl, log = console.log, sessionCheckSeconds }: RealtimeOptions): Promise<RealtimeService> {
  const verify: TokenVerifier = tokenVerifier(config);
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  const topics = new Map<string, Set<Subscription>>();
  const presences = new Map<string, Map<string, PresenceEntry>>();
  const connections = new Set<Connection>();
  const connect = () =>
    postgres(databaseUrl, { max: 4, onnotice: () => {}, idle_timeout: 60, connection: { application_name: APPLICATION_NAME } });
  let sql = connect();
  let listening: { unlisten(): Promise<void> } | undefined;
  let closed = false;
  /** Ids already delivered, so a catch-up after reconnecting never delivers twice. */
  const delivered = new Set<string>();
  let lastInsertedAt: string | undefined;
  let notified: Promise<void> = Promise.resolve();

  const send = (connection: Connection, message: PhoenixMessage) => {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    // A client that stopped reading is dropped rather than buffered without end.
    if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
    const broadcastPayload = message.event === 'broadcast' && isObject(message.payload) ? message.payload : undefined;
    if (broadcastPayload && Buffer.isBuffer(broadcastPayload.payload)) {
      // Bytes travel only in vsn 2.0.0's binary frames; a vsn 1.0.0 client cannot get them.
      const frame = connection.vsn === '2.0.0' ? encodeBinaryBroadcast(message.topic, String(broadcastPayload.event), broadcastPayload.payload) : null;
      if (frame) ws.send(frame);
      return;
    }
    ws.send(encodeFrame(message, connection.vsn));
  };
  /** Sends a frame already encoded for this socket's serializer (see broadcast's fastlane). */
  const sendFrame = (connection: Connection, frame: string) => {
    const { ws } = connection;
    if (ws.readyState !== ws.OPEN) return;
    if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
    ws.send(frame);
  };
  const reply = (connection: Connection, message: PhoenixMessage, status: 'ok' | 'error', response: unknown = {}) =>
    send(connection, { join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });

  // ---- topics and delivery ----

  /**
   * Phoenix's fastlane: every subscriber of a topic gets the same frame, so it is encoded
   * once per serializer (vsn), not once per socket. Bytes take the per-socket path.
   */
  function broadcast(key: string, event: string, payload: unknown, from?: Subscription): void {
    const subscribers = topics.get(key);
    if (!subscribers?.size) return;
    const binary = isObject(payload) && Buffer.isBuffer(payload.payload);
    const frames = new Map<Vsn, string>();
    for (const subscription of subscribers) {
      if (subscription === from && !subscription.self) continue;
      const message: PhoenixMessage = { join_ref: null, ref: null, topic: subscription.topic, event, payload };
      if (binary) {
        send(subscription.connection, message);
        continue;
      }
      const { vsn } = subscription.connection;
      let frame = frames.get(vsn);
      if (frame === undefined) frames.set(vsn, (frame = encodeFrame(message, vsn)));
      sendFrame(subscription.connection, frame);
    }
  }

  function deliverMessage(row: { id: string; topic: string; event: string | null; payload: unknown; private: boolean | null; inserted_at: string }) {
    if (delivered.has(row.id)) return;
    delivered.add(row.id);
    if (delivered.size > 5000) delivered.delete(delivered.values().next().value as string);
    if (!lastInsertedAt || row.inserted_at > lastInsertedAt) lastInsertedAt = row.inserted_at;
    broadcast(topicKey(row.private ?? false, row.topic), 'broadcast', {
      type: 'broadcast',
      event: row.event,
      payload: row.payload,
      meta: { id: row.id },
    });
  }

  type MessageRow = Parameters<typeof deliverMessage>[0];

  /** A notification from realtime.notify_message(): the message itself, or a reference to its row. */
  async function onNotify(text: string): Promise<void> {
    let note: unknown;
    try {
      note = JSON.parse(text);
    } catch {
      return;
    }
    if (!isObject(note) || typeof note.id !== 'string' || !/^[0-9a-f-]{36}$/i.test(note.id)) return;
    if ('payload' in note && typeof note.topic === 'string' && typeof note.inserted_at === 'string') {
      return deliverMessage({
        id: note.id,
        topic: note.topic,
        event: typeof note.event === 'string' ? note.event : null,
        payload: note.payload,
        private: note.private === true,
        inserted_at: note.inserted_at,
      });
    }
    const rows = await sql`select id::text, topic, event, payload, private,
        to_char(inserted_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') as inserted_at
      from realtime.messages where id = ${note.id}::uuid`;
    for (const row of rows) deliverMessage(row as unknown as MessageRow);
  }

  /** Messages written while the LISTEN connection was down (inserted_at is the writing transaction's start, hence the minute of slack; delivered ids are skipped). */
  async function catchUp(): Promise<void> {
    if (!lastInsertedAt) return;
    const rows = await sql`select id::text, topic, event, payload, private,
        to_char(inserted_at, 'YYYY-MM-DD"T"HH24:MI:SS.US') as inserted_at
      from realtime.messages
      where extension = 'broadcast' and inserted_at >= ${lastInsertedAt}::timestamp - interval '1 minute'
      order by inserted_at limit 10000`;
    for (const row of rows) deliverMessage(row as unknown as MessageRow);
  }

  async function listen(): Promise<void> {
    let first = true;
    listening = await sql.listen(
      NOTIFY_CHANNEL,
      (id) => {
        // In the order Postgres committed them.
        notified = notified
          .then(() => onNotify(id))
          .catch((error: unknown) => log(`Realtime: could not read message ${id}: ${String(error)}`));
      },
      () => {
        if (first) {
          first = false;
          return;
        }
        catchUp().catch((error: unknown) => log(`Realtime: could not catch up: ${String(error)}`));
      },
    );
  }

  // ---- authorization (RLS on realtime.messages, as Realtime checks it) ----

  async function authorize(caller: Caller, subTopic: string): Promise<Authorization> {
    const result: Authorization = { read: false, write: false, presence: false };
    try {
      await sql.begin(async (tx) => {
        // A probe row written as the superuser: can the caller's role see it?
        const [probe] = await tx`insert into realtime.messages (topic, extension, private, event)
          values (${subTopic}, 'broadcast', true, 'realtime_authorization_probe') returning id`;
        await tx`select set_config('role', ${caller.role}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                        set_config('realtime.topic', ${subTopic}, true),
                        set_config('statement_timeout', '8s', true)`;
        try {
          const [seen] = await tx.savepoint((sp) => sp`select count(*)::int as n from realtime.messages where id = ${probe.id as string}`);
          result.read = (seen.n as number) > 0;
        } catch (error) {
          // A policy that fails (or runs too long) allows nothing.
          log(`Realtime: the read policies on realtime.messages failed for ${subTopic}: ${String(error)}`);
        }
        for (const extension of ['broadcast', 'presence'] as const) {
          try {
            await tx.savepoint((sp) => sp`insert into realtime.messages (topic, extension, private, event)
              values (${subTopic}, ${extension}, true, 'realtime_authorization_probe')`);
            if (extension === 'broadcast') result.write = true;
            else result.presence = true;
          } catch {
            // refused by RLS (or by a grant): not allowed
          }
        }
        throw new Rollback();
      });
    } catch (error) {
      if (!(error instanceof Rollback)) throw error;
    }
    return result;
  }

  /**
   * The server chooses every presence key, whatever key the client asks for: a signed-in user
   * is present as themselves (their id), anyone else under a random key of their own, so a
   * guest can neither pass for a user (their id, "admin") nor take another guest's place.
   */
  const presenceKeyOf = (caller: Caller) =>
    caller.role === 'authenticated' && typeof caller.claims.sub === 'string' ? caller.claims.sub : randomUUID();

  const unauthorizedRead = (subTopic: string) => `Unauthorized: You do not have permissions to read from this Channel topic: ${subTopic}`;

  // ---- channels ----

  function presenceOf(subscription: Subscription) {
    return presences.get(subscription.key)?.get(subscription.id);
  }

  function presenceState(key: string): Record<string, { metas: Record<string, unknown>[] }> {
    const state: Record<string, { metas: Record<string, unknown>[] }> = {};
    for (const entry of presences.get(key)?.values() ?? []) (state[entry.key] ??= { metas: [] }).metas.push(entry.meta);
    return state;
  }

  function untrack(subscription: Subscription): void {
    const entry = presenceOf(subscription);
    if (!entry) return;
    const byTopic = presences.get(subscription.key);
    byTopic?.delete(subscription.id);
    if (byTopic?.size === 0) presences.delete(subscription.key);
    broadcast(subscription.key, 'presence_diff', { joins: {}, leaves: { [entry.key]: { metas: [entry.meta] } } });
  }

  function track(subscription: Subscription, payload: unknown): void {
    const previous = presenceOf(subscription);
    const meta: Record<string, unknown> = { ...(isObject(payload) ? payload : {}), phx_ref: randomUUID().replaceAll('-', '').slice(0, 20) };
    if (previous) meta.phx_ref_prev = previous.meta.phx_ref;
    const entry = { key: subscription.presenceKey, meta };
    if (!presences.has(subscription.key)) presences.set(subscription.key, new Map());
    presences.get(subscription.key)?.set(subscription.id, entry);
    broadcast(subscription.key, 'presence_diff', {
      joins: { [entry.key]: { metas: [meta] } },
      leaves: previous ? { [previous.key]: { metas: [previous.meta] } } : {},
    });
  }

  function removeSubscription(subscription: Subscription): void {
    clearTimeout(subscription.expiry);
    const connection = subscription.connection;
    if (connection.channels.get(subscription.topic) === subscription) connection.channels.delete(subscription.topic);
    const set = topics.get(subscription.key);
    set?.delete(subscription);
    if (set?.size === 0) topics.delete(subscription.key);
    untrack(subscription);
  }

  /** A `system` error, then phx_close: how Realtime ends a channel whose token went bad. */
  function shutDown(subscription: Subscription, message: string): void {
    const { connection, topic, joinRef, subTopic } = subscription;
    removeSubscription(subscription);
    send(connection, {
      join_ref: joinRef,
      ref: null,
      topic,
      event: 'system',
      payload: { extension: 'system', status: 'error', message, channel: subTopic },
    });
    send(connection, { join_ref: joinRef, ref: joinRef, topic, event: 'phx_close', payload: {} });
  }

  function scheduleExpiry(subscription: Subscription): void {
    clearTimeout(subscription.expiry);
    const delay = Math.min(Math.max(subscription.caller.claims.exp * 1000 - Date.now(), 0), MAX_TIMER);
    subscription.expiry = setTimeout(() => {
      // A far expiry is reached in steps of setTimeout's longest delay.
      if (subscription.caller.claims.exp * 1000 > Date.now()) return scheduleExpiry(subscription);
      shutDown(subscription, TOKEN_ENDED);
    }, delay);
    subscription.expiry.unref();
  }

  async function join(connection: Connection, message: PhoenixMessage): Promise<void> {
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
      removeSubscription(existing);
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
    connection.channels.set(message.topic, subscription);
    if (!topics.has(subscription.key)) topics.set(subscription.key, new Set());
    topics.get(subscription.key)?.add(subscription);
    scheduleExpiry(subscription);
    reply(connection, message, 'ok', { postgres_changes: [] });
    if (subscription.presenceEnabled) {
      send(connection, { join_ref: subscription.joinRef, ref: null, topic: subscription.topic, event: 'presence_state', payload: presenceState(subscription.key) });
    }
  }

  async function updateToken(subscription: Subscription, payload: unknown): Promise<void> {
    const token = isObject(payload) ? payload.access_token : undefined;
    if (token === subscription.token) return;
    const check = await verify(token);
    if (!check.ok) return shutDown(subscription, check.reason);
    subscription.caller = check.caller;
    subscription.token = token as string;
    if (subscription.isPrivate) {
      try {
        subscription.access = await authorize(check.caller, subscription.subTopic);
      } catch (error) {
        log(`Realtime: could not authorize ${subscription.subTopic}: ${String(error)}`);
        return;
      }
      if (!subscription.access.read) return shutDown(subscription, unauthorizedRead(subscription.subTopic));
    }
    scheduleExpiry(subscription);
  }

  type ChannelHandler = (connection: Connection, subscription: Subscription, message: PhoenixMessage, payload: Record<string, unknown>) => void | Promise<void>;
  /** What a client may push on a joined channel (CHANNEL_EVENTS names the same ones). */
  const channelHandlers: Record<ChannelEvent, ChannelHandler> = {
    phx_leave: (connection, subscription, message) => {
      removeSubscription(subscription);
      reply(connection, message, 'ok');
    },
    access_token: (_connection, subscription, _message, payload) => updateToken(subscription, payload),
    broadcast: (connection, subscription, message, payload) => {
      if (!subscription.access.write) {
        if (subscription.ack) reply(connection, message, 'error', { reason: `Unauthorized: You do not have permissions to write to this Channel topic: ${subscription.subTopic}` });
        return;
      }
      broadcast(subscription.key, 'broadcast', { type: 'broadcast', event: payload.event, payload: payload.payload ?? {} }, subscription);
      if (subscription.ack) reply(connection, message, 'ok');
    },
    presence: (connection, subscription, message, payload) => {
      if (!subscription.access.presence) {
        return reply(connection, message, 'error', { reason: `Unauthorized: You do not have permissions to track presence on this Channel topic: ${subscription.subTopic}` });
      }
      if (payload.event === 'track') track(subscription, payload.payload);
      else if (payload.event === 'untrack') untrack(subscription);
      else return reply(connection, message, 'error', { reason: 'unknown presence event' });
      reply(connection, message, 'ok');
    },
  };

  async function handle(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.topic === 'phoenix') {
      if (message.event === 'heartbeat') reply(connection, message, 'ok');
      return;
    }
    if (message.event === 'phx_join') return join(connection, message);
    const subscription = connection.channels.get(message.topic);
    if (!subscription || (message.join_ref !== null && message.join_ref !== subscription.joinRef)) {
      // Phoenix's answer to a push on a channel this socket has not joined.
      if (message.event !== 'phx_leave') return reply(connection, message, 'error', { reason: 'unmatched topic' });
      return reply(connection, message, 'ok');
    }
    const handler = Object.hasOwn(channelHandlers, message.event) ? channelHandlers[message.event as ChannelEvent] : undefined;
    if (!handler) return reply(connection, message, 'error', { reason: `unknown event ${message.event}` });
    return handler(connection, subscription, message, isObject(message.payload) ? message.payload : {});
  }

  /**
   * Supabase Realtime's per-client limits, decided as each frame arrives (before any queued
   * work): a join over the rate is refused with a reason; any other message over the rate
   * gets Realtime's `system` error and its channel is shut down. Null when within limits.
   */
  function overLimit(connection: Connection, message: PhoenixMessage): 'join' | 'event' | null {
    if (message.topic === 'phoenix') return null;
    const second = Math.floor(Date.now() / 1000);
    if (second !== connection.second) {
      connection.second = second;
      connection.events = 0;
      connection.joins = 0;
    }
    if (message.event === 'phx_join') return ++connection.joins > MAX_JOINS_PER_SECOND ? 'join' : null;
    return ++connection.events > MAX_EVENTS_PER_SECOND ? 'event' : null;
  }

  function refuseOverLimit(connection: Connection, message: PhoenixMessage, kind: 'join' | 'event'): void {
    if (kind === 'join') return reply(connection, message, 'error', { reason: 'Too many joins per second' });
    const subscription = connection.channels.get(message.topic);
    if (subscription) shutDown(subscription, 'Too many messages per second');
  }

  function onConnection(ws: WebSocket, vsn: Vsn, caller: Caller): void {
    const connection: Connection = {
      ws,
      vsn,
      caller,
      channels: new Map(),
      queue: Promise.resolve(),
      pending: 0,
      closed: false,
      second: 0,
      events: 0,
      joins: 0,
    };
    connections.add(connection);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (connection.closed) return;
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      const message = decodeFrame(buffer, isBinary, vsn);
      // A frame that is not a Phoenix message: Phoenix closes the socket, and so do we.
      if (!message) return ws.close(1003, 'malformed frame');
      const over = overLimit(connection, message);
      if (over) return refuseOverLimit(connection, message, over);
      if (message.event === 'broadcast' && buffer.length > MAX_PAYLOAD_BYTES) {
        return reply(connection, message, 'error', { reason: `Payload too large: the limit is ${MAX_PAYLOAD_BYTES / 1024} KB` });
      }
      // A socket that keeps sending faster than its work is done is closed, not queued without end.
      if (connection.pending >= MAX_PENDING_PER_SOCKET) return ws.close(1008, 'too many pending messages');
      connection.pending++;
      // One at a time per socket, so a push never overtakes the join before it.
      connection.queue = connection.queue
        .then(() => (connection.closed ? undefined : handle(connection, message)))
        .catch((error: unknown) => log(`Realtime: ${message.event} on ${message.topic} failed: ${String(error)}`))
        .finally(() => connection.pending--);
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      // Work still waiting for this socket is dropped: nobody is there to answer.
      connection.closed = true;
      connections.delete(connection);
      for (const subscription of [...connection.channels.values()]) removeSubscription(subscription);
    });
  }

  /**
   * Private channels whose session has ended (signed out, expired, user gone or banned) are
   * shut down as for an expired token: their tokens are checked again every few seconds, in
   * one query per round, by the same rule the realtime.messages policies apply at join.
   */
  async function closeEndedSessions(): Promise<void> {
    const bySession = new Map<string, Subscription[]>();
    for (const connection of connections) {
      for (const subscription of connection.channels.values()) {
        const session = subscription.caller.claims.session_id;
        if (!subscription.isPrivate || subscription.caller.role !== 'authenticated' || typeof session !== 'string') continue;
        const list = bySession.get(session) ?? [];
        list.push(subscription);
        bySession.set(session, list);
      }
    }
    if (!bySession.size) return;
    const ids = [...bySession.keys()].filter((id) => /^[0-9a-f-]{36}$/i.test(id));
    const live = new Set(
      (
        await sql<{ id: string }[]>`
          select s.id::text from auth.sessions s join auth.users u on u.id = s.user_id
           where s.id = any(${ids}::uuid[]) and (s.not_after is null or s.not_after > now())
             and u.deleted_at is null and (u.banned_until is null or u.banned_until <= now())`
      ).map((row) => row.id),
    );
    for (const [session, subscriptions] of bySession) {
      if (live.has(session)) continue;
      for (const subscription of subscriptions) shutDown(subscription, TOKEN_ENDED);
    }
  }

  // ---- HTTP broadcast ----

  async function httpBroadcast(request: Request, path: string): Promise<Response> {
    const json = (status: number, body: unknown) => Response.json(body, { status });
    if (request.method !== 'POST') return json(405, { message: 'Method not allowed' });
    const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
    const check = await verify(bearer || request.headers.get('apikey'));
    if (!check.ok) return json(401, { message: check.reason });
    let messages: { topic: unknown; event: unknown; payload: unknown; private: unknown }[];
    const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)$/.exec(path);
    try {
      if (single) {
        const url = new URL(request.url);
        // Protocol 2.0.0: one event's payload may be bytes (supabase-js httpSend of an ArrayBuffer).
        const type = (request.headers.get('content-type') ?? 'application/json').split(';')[0].trim().toLowerCase();
        if (type !== 'application/json' && type !== 'application/octet-stream') {
          return json(415, { message: 'Content-Type must be application/json or application/octet-stream' });
        }
        const bytes = Buffer.from(await request.arrayBuffer());
        if (bytes.length > MAX_PAYLOAD_BYTES) return json(413, { message: `Payload too large: the limit is ${MAX_PAYLOAD_BYTES / 1024} KB` });
        messages = [
          {
            topic: decodeURIComponent(single[1]),
            event: decodeURIComponent(single[2]),
            payload: type === 'application/octet-stream' ? bytes : JSON.parse(bytes.toString('utf8')),
            private: url.searchParams.get('private') === 'true',
          },
        ];
      } else if (path === '/api/broadcast') {
        const bytes = Buffer.from(await request.arrayBuffer());
        if (bytes.length > MAX_PAYLOAD) return json(413, { message: 'Payload too large: the limit is 1 MB' });
        const body: unknown = JSON.parse(bytes.toString('utf8'));
        if (!isObject(body) || !Array.isArray(body.messages)) return json(400, { message: 'messages must be an array' });
        messages = body.messages as typeof messages;
      } else {
        return json(404, { message: 'Not found' });
      }
    } catch {
      return json(400, { message: 'Invalid JSON body' });
    }
    for (const message of messages) {
      if (!isObject(message) || typeof message.topic !== 'string' || typeof message.event !== 'string') {
        return json(400, { message: 'Each message needs a topic and an event' });
      }
    }
    const allowed = new Map<string, boolean>();
    for (const message of messages) {
      const topic = message.topic as string;
      const isPrivate = message.private === true;
      if (!isPrivate || check.caller.role === 'service_role') continue;
      if (!allowed.has(topic)) allowed.set(topic, (await authorize(check.caller, topic)).write);
    }
    for (const message of messages) {
      const isPrivate = message.private === true;
      if (isPrivate && allowed.get(message.topic as string) === false) continue;
      broadcast(topicKey(isPrivate, message.topic as string), 'broadcast', {
        type: 'broadcast',
        event: message.event,
        payload: message.payload ?? {},
      });
    }
    return new Response(null, { status: 202 });
  }

  await listen();
  const sessionCheck = setInterval(() => {
    closeEndedSessions().catch((error: unknown) => log(`Realtime: could not check sessions: ${String(error)}`));
  }, (sessionCheckSeconds ?? 30) * 1000);
  sessionCheck.unref();
  // Realtime keeps messages for a few days (its partitions); so do we.
  sql`delete from realtime.messages where inserted_at < now() - interval '3 days'`.catch(() => {});

  return {
    handleUpgrade(request, socket, head) {
      socket.on('error', () => socket.destroy());
      const url = new URL(request.url ?? '/', 'http://localhost');
      if (url.pathname !== WEBSOCKET_PATH || closed) return refuseUpgrade(socket, 404, { error: 'Not found' });
      const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
      if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') return refuseUpgrade(socket, 400, { error: `Unsupported vsn ${vsnParam}` });
      const header = request.headers.apikey;
      const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
      verify(apikey).then(
        (check) => {
          if (!check.ok) return refuseUpgrade(socket, 401, { error: check.reason });
          wss.handleUpgrade(request, socket, head, (ws) => onConnection(ws, vsnParam, check.caller));
        },
        () => refuseUpgrade(socket, 401, { error: 'InvalidJWTToken: Invalid token' }),
      );
    },
    async fetch(request, path) {
      try {
        return await httpBroadcast(request, path);
      } catch (error) {
        log(`Realtime: HTTP broadcast failed: ${String(error)}`);
        return Response.json({ message: 'Realtime could not broadcast' }, { status: 500 });
      }
    },
    async renewConnection() {
      if (closed) return;
      const old = sql;
      const previous = listening;
      sql = connect();
      listening = undefined;
      // Unlisten first, so the old LISTEN connection does not come back by itself; a broken
      // connection may never answer, hence the time limit.
      const unlistened = previous?.unlisten().catch(() => {});
      await Promise.race([unlistened, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
      await old.end({ timeout: 1 }).catch(() => {});
      await listen();
      await catchUp();
    },
    async close() {
      closed = true;
      clearInterval(sessionCheck);
      for (const connection of connections) connection.ws.terminate();
      connections.clear();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await listening?.unlisten().catch(() => {});
      await sql.end({ timeout: 1 });
    },
  };
}
