import { MAX_BUFFERED } from './limits.ts';
import { encodeBinaryBroadcast, encodeFrame, type PhoenixMessage } from './protocol.ts';
import { isObject, type Connection } from './types.ts';

/** Sends one message to one socket, in its serializer (vsn). */
export function send(connection: Connection, message: PhoenixMessage): void {
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
}

/** Sends a frame already encoded for this socket's serializer (see Topics.broadcast's fastlane). */
export function sendFrame(connection: Connection, frame: string): void {
  const { ws } = connection;
  if (ws.readyState !== ws.OPEN) return;
  if (ws.bufferedAmount > MAX_BUFFERED) return ws.terminate();
  ws.send(frame);
}

/** Phoenix's phx_reply to one message. */
export const reply = (connection: Connection, message: PhoenixMessage, status: 'ok' | 'error', response: unknown = {}) =>
  send(connection, { join_ref: message.join_ref, ref: message.ref, topic: message.topic, event: 'phx_reply', payload: { status, response } });
