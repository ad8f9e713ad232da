import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import type { Channels } from './channels.ts';
import { MAX_EVENTS_PER_SECOND, MAX_JOINS_PER_SECOND, MAX_PAYLOAD, MAX_PAYLOAD_BYTES, MAX_PENDING_PER_SOCKET } from './limits.ts';
import { decodeFrame, type PhoenixMessage, type Vsn } from './protocol.ts';
import { WEBSOCKET_PATH } from './routes.ts';
import { reply } from './send.ts';
import type { Subscriptions } from './subscriptions.ts';
import type { Caller, TokenVerifier } from '../tokens.ts';
import type { Connection } from './types.ts';

export interface ConnectionsOptions {
  channels: Channels;
  subscriptions: Subscriptions;
  verify: TokenVerifier;
  log(line: string): void;
}

function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  const reason = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
  );
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

/** The open sockets: the upgrade that opens one (with its apikey checked), its frames in order, its end. */
export class Connections implements Iterable<Connection> {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD });
  private readonly open = new Set<Connection>();
  private closed = false;

  constructor(private readonly options: ConnectionsOptions) {}

  [Symbol.iterator](): Iterator<Connection> {
    return this.open.values();
  }

  /** For the gateway's `upgrade` event: takes /realtime/v1/websocket, refuses anything else. */
  upgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const url = new URL(request.url ?? '/', 'http://localhost');
    if (url.pathname !== WEBSOCKET_PATH || this.closed) return refuseUpgrade(socket, 404, { error: 'Not found' });
    const vsnParam = url.searchParams.get('vsn') ?? '1.0.0';
    if (vsnParam !== '1.0.0' && vsnParam !== '2.0.0') return refuseUpgrade(socket, 400, { error: `Unsupported vsn ${vsnParam}` });
    const header = request.headers.apikey;
    const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : null);
    this.options.verify(apikey).then(
      (check) => {
        if (!check.ok) return refuseUpgrade(socket, 401, { error: check.reason });
        this.wss.handleUpgrade(request, socket, head, (ws) => this.accept(ws, vsnParam, check.caller));
      },
      () => refuseUpgrade(socket, 401, { error: 'InvalidJWTToken: Invalid token' }),
    );
  }

  /** Refuses new sockets and drops the open ones. */
  async close(): Promise<void> {
    this.closed = true;
    for (const connection of this.open) connection.ws.terminate();
    this.open.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }

  private accept(ws: WebSocket, vsn: Vsn, caller: Caller): void {
    const { channels, subscriptions, log } = this.options;
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
    this.open.add(connection);
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (connection.closed) return;
      const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.isBuffer(data) ? data : Buffer.from(data);
      const message = decodeFrame(buffer, isBinary, vsn);
      // A frame that is not a Phoenix message: Phoenix closes the socket, and so do we.
      if (!message) return ws.close(1003, 'malformed frame');
      const over = overLimit(connection, message);
      if (over) return this.refuseOverLimit(connection, message, over);
      if (message.event === 'broadcast' && buffer.length > MAX_PAYLOAD_BYTES) {
        return reply(connection, message, 'error', { reason: `Payload too large: the limit is ${MAX_PAYLOAD_BYTES / 1024} KB` });
      }
      // A socket that keeps sending faster than its work is done is closed, not queued without end.
      if (connection.pending >= MAX_PENDING_PER_SOCKET) return ws.close(1008, 'too many pending messages');
      connection.pending++;
      // One at a time per socket, so a push never overtakes the join before it.
      connection.queue = connection.queue
        .then(() => (connection.closed ? undefined : channels.handle(connection, message)))
        .catch((error: unknown) => log(`Realtime: ${message.event} on ${message.topic} failed: ${String(error)}`))
        .finally(() => connection.pending--);
    });
    ws.on('error', () => ws.terminate());
    ws.on('close', () => {
      // Work still waiting for this socket is dropped: nobody is there to answer.
      connection.closed = true;
      this.open.delete(connection);
      for (const subscription of [...connection.channels.values()]) subscriptions.remove(subscription);
    });
  }

  private refuseOverLimit(connection: Connection, message: PhoenixMessage, kind: 'join' | 'event'): void {
    if (kind === 'join') return reply(connection, message, 'error', { reason: 'Too many joins per second' });
    const subscription = connection.channels.get(message.topic);
    if (subscription) this.options.subscriptions.shutDown(subscription, 'Too many messages per second');
  }
}
