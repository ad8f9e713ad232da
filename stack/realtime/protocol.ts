/**
 * Phoenix channel framing as Supabase Realtime speaks it (see supabase-contract.md §3):
 * vsn 2.0.0 sends arrays `[join_ref, ref, topic, event, payload]` as text frames and the
 * client's broadcast pushes as binary frames (kind 3); vsn 1.0.0 sends JSON objects.
 * This server always answers with text frames, which both client versions accept.
 */

export type Vsn = '1.0.0' | '2.0.0';

export interface PhoenixMessage {
  join_ref: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

const USER_BROADCAST_PUSH = 3;
const USER_BROADCAST = 4;
const BINARY_ENCODING = 0;
const JSON_ENCODING = 1;

const asRef = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;

function fromParts(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown): PhoenixMessage | null {
  if (typeof topic !== 'string' || typeof event !== 'string') return null;
  return { join_ref: asRef(joinRef), ref: asRef(ref), topic, event, payload: payload ?? {} };
}

/** A kind-3 binary frame: the client's broadcast push (only the JSON encoding is accepted). */
function decodeUserBroadcastPush(data: Buffer): PhoenixMessage | null {
  if (data.length < 7 || data[0] !== USER_BROADCAST_PUSH) return null;
  const lengths = [data[1], data[2], data[3], data[4], data[5]];
  const encoding = data[6];
  let offset = 7;
  const parts: string[] = [];
  for (const length of lengths) {
    if (offset + length > data.length) return null;
    parts.push(data.subarray(offset, offset + length).toString('utf8'));
    offset += length;
  }
  const [joinRef, ref, topic, userEvent, meta] = parts;
  if (encoding !== JSON_ENCODING && encoding !== BINARY_ENCODING) return null;
  // A binary payload stays bytes (a copy: ws may reuse the frame's buffer).
  const payload: unknown =
    encoding === JSON_ENCODING ? JSON.parse(data.subarray(offset).toString('utf8')) : Buffer.from(data.subarray(offset));
  const metadata: unknown = meta ? JSON.parse(meta) : {};
  const extra = metadata && typeof metadata === 'object' && !Array.isArray(metadata) ? metadata : {};
  return {
    join_ref: joinRef || null,
    ref: ref || null,
    topic,
    event: 'broadcast',
    payload: { ...extra, type: 'broadcast', event: userEvent, payload },
  };
}

/** Decodes one frame; null for anything that is not a well-formed message (JSON errors included). */
export function decodeFrame(data: Buffer, isBinary: boolean, vsn: Vsn): PhoenixMessage | null {
  try {
    if (isBinary) return vsn === '2.0.0' ? decodeUserBroadcastPush(data) : null;
    const parsed: unknown = JSON.parse(data.toString('utf8'));
    if (vsn === '2.0.0') {
      if (!Array.isArray(parsed) || parsed.length !== 5) return null;
      const [joinRef, ref, topic, event, payload] = parsed as unknown[];
      return fromParts(joinRef, ref, topic, event, payload);
    }
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return null;
    const message = parsed as Record<string, unknown>;
    return fromParts(message.join_ref, message.ref, message.topic, message.event, message.payload);
  } catch {
    return null;
  }
}

/**
 * A broadcast whose payload is bytes, as Realtime sends it to vsn 2.0.0 clients: a kind-4
 * frame `[4, len(topic), len(event), len(meta), encoding 0]`, the strings, then the bytes.
 * Null when a name is longer than one length byte allows.
 */
export function encodeBinaryBroadcast(topic: string, event: string, payload: Buffer): Buffer | null {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(event, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255) return null;
  return Buffer.concat([Buffer.from([USER_BROADCAST, topicBytes.length, eventBytes.length, 0, BINARY_ENCODING]), topicBytes, eventBytes, payload]);
}

export function encodeFrame(message: PhoenixMessage, vsn: Vsn): string {
  if (vsn === '2.0.0') return JSON.stringify([message.join_ref, message.ref, message.topic, message.event, message.payload]);
  return JSON.stringify({
    join_ref: message.join_ref,
    ref: message.ref,
    topic: message.topic,
    event: message.event,
    payload: message.payload,
  });
}
