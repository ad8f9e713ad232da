import { RealtimeClient, type RealtimeChannel, type WebSocketLikeConstructor } from '@supabase/realtime-js';
import WebSocket from 'ws';
import { stack } from './stack.ts';

// Real realtime-js clients against the test stack's Realtime, for the contract and
// integration tests. Node 20 has no global WebSocket: realtime-js takes `ws` as its transport.
export const transport = WebSocket as unknown as WebSocketLikeConstructor;

/** The stack's Realtime endpoint, as realtime-js wants it (ws://.../realtime/v1). */
export const realtimeUrl = () => `${stack().apiUrl.replace(/^http/, 'ws')}/realtime/v1`;

const clients: RealtimeClient[] = [];

export interface ClientOptions {
  /** The apikey (default: the anon key). */
  key?: string;
  vsn?: string;
  heartbeatIntervalMs?: number;
  url?: string;
}

/** A realtime-js client, closed by closeRealtimeClients(). */
export function realtimeClient(options: ClientOptions = {}): RealtimeClient {
  const client = new RealtimeClient(options.url ?? realtimeUrl(), {
    params: { apikey: options.key ?? stack().anonKey },
    transport,
    ...(options.vsn ? { vsn: options.vsn } : {}),
    ...(options.heartbeatIntervalMs ? { heartbeatIntervalMs: options.heartbeatIntervalMs } : {}),
  });
  clients.push(client);
  return client;
}

/** A client acting with `token` (a user's, or a key) on top of the anon apikey, as supabase-js does. */
export async function realtimeClientAs(token?: string): Promise<RealtimeClient> {
  const client = realtimeClient();
  if (token) await client.setAuth(token);
  return client;
}

/** Leaves every channel and closes every client made since the last call (an afterEach). */
export async function closeRealtimeClients(): Promise<void> {
  await Promise.all(clients.splice(0).map((client) => client.removeAllChannels().then(() => client.disconnect())));
}

/** Subscribes and waits for SUBSCRIBED; rejects with the server's reason otherwise. */
export function subscribed(channel: RealtimeChannel): Promise<RealtimeChannel> {
  return new Promise((resolve, reject) => {
    channel.subscribe((status, error) => {
      if (status === 'SUBSCRIBED') resolve(channel);
      else reject(new Error(`${status}: ${error?.message ?? ''}`));
    });
  });
}
