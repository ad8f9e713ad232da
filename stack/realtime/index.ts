import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { StackConfig } from '../config.ts';
import { authorize } from './authorization.ts';
import { Channels } from './channels.ts';
import { Connections } from './connections.ts';
import { closeEndedSessions } from './expiry.ts';
import { httpBroadcast } from './http-broadcast.ts';
import { MessageFeed } from './message-feed.ts';
import { Presence } from './presence.ts';
import { Subscriptions } from './subscriptions.ts';
import { tokenVerifier, type Caller } from '../tokens.ts';
import { Topics } from './topics.ts';
import type { Subscription } from './types.ts';

export { APPLICATION_NAME, NOTIFY_CHANNEL } from './message-feed.ts';
export {
  MAX_CHANNELS_PER_SOCKET,
  MAX_EVENTS_PER_SECOND,
  MAX_JOINS_PER_SECOND,
  MAX_PAYLOAD,
  MAX_PAYLOAD_BYTES,
  MAX_PENDING_PER_SOCKET,
} from './limits.ts';

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

/**
 * The first slice of Supabase Realtime: Broadcast (from clients, from the database through
 * realtime.send(), over HTTP) and Presence over the Phoenix protocol, with private channels
 * authorized by RLS on realtime.messages. postgres_changes is refused at join.
 */
export async function startRealtime({ config, databaseUrl, log = console.log, sessionCheckSeconds }: RealtimeOptions): Promise<RealtimeService> {
  const verify = tokenVerifier(config);
  const topics = new Topics();
  const presence = new Presence(topics);
  const subscriptions = new Subscriptions(topics, presence);
  const feed = new MessageFeed(databaseUrl, topics, log);
  const authorizeCaller = (caller: Caller, subTopic: string) => authorize(feed.sql, caller, subTopic, log);
  const channels = new Channels({ topics, presence, subscriptions, verify, authorize: authorizeCaller, log });
  const connections = new Connections({ channels, subscriptions, verify, log });
  const shutDown = (subscription: Subscription, message: string) => subscriptions.shutDown(subscription, message);
  let closed = false;

  await feed.listen();
  const sessionCheck = setInterval(() => {
    closeEndedSessions(feed.sql, connections, shutDown).catch((error: unknown) => log(`Realtime: could not check sessions: ${String(error)}`));
  }, (sessionCheckSeconds ?? 30) * 1000);
  sessionCheck.unref();
  // Realtime keeps messages for a few days (its partitions); so do we.
  feed.sql`delete from realtime.messages where inserted_at < now() - interval '3 days'`.catch(() => {});

  return {
    handleUpgrade: (request, socket, head) => connections.upgrade(request, socket, head),
    async fetch(request, path) {
      try {
        return await httpBroadcast(request, path, { topics, verify, authorize: authorizeCaller });
      } catch (error) {
        log(`Realtime: HTTP broadcast failed: ${String(error)}`);
        return Response.json({ message: 'Realtime could not broadcast' }, { status: 500 });
      }
    },
    async renewConnection() {
      if (closed) return;
      await feed.renew();
    },
    async close() {
      closed = true;
      clearInterval(sessionCheck);
      await connections.close();
      await feed.close();
    },
  };
}
