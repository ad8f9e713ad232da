import type { WebSocket } from 'ws';
import type { Vsn } from './protocol.ts';
import type { Caller } from '../tokens.ts';

/** What RLS on realtime.messages lets a caller do on one private topic. */
export interface Authorization {
  read: boolean;
  write: boolean;
  presence: boolean;
}

/** One open socket and the channels it has joined. */
export interface Connection {
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

/** One channel one socket has joined. */
export interface Subscription {
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

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
