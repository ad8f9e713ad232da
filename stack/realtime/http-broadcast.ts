import { MAX_PAYLOAD, MAX_PAYLOAD_BYTES } from './limits.ts';
import type { Caller, TokenVerifier } from '../tokens.ts';
import { topicKey, type Topics } from './topics.ts';
import { isObject, type Authorization } from './types.ts';

export interface HttpBroadcastOptions {
  topics: Topics;
  verify: TokenVerifier;
  authorize(caller: Caller, subTopic: string): Promise<Authorization>;
}

type IncomingBroadcast = { topic: unknown; event: unknown; payload: unknown; private: unknown };

const json = (status: number, body: unknown) => Response.json(body, { status });

/** The messages one request carries (HTTP_ROUTES in routes.ts), or the reply that refuses it. */
async function messagesOf(request: Request, path: string): Promise<IncomingBroadcast[] | Response> {
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
      return [
        {
          topic: decodeURIComponent(single[1]),
          event: decodeURIComponent(single[2]),
          payload: type === 'application/octet-stream' ? bytes : JSON.parse(bytes.toString('utf8')),
          private: url.searchParams.get('private') === 'true',
        },
      ];
    }
    if (path === '/api/broadcast') {
      const bytes = Buffer.from(await request.arrayBuffer());
      if (bytes.length > MAX_PAYLOAD) return json(413, { message: 'Payload too large: the limit is 1 MB' });
      const body: unknown = JSON.parse(bytes.toString('utf8'));
      if (!isObject(body) || !Array.isArray(body.messages)) return json(400, { message: 'messages must be an array' });
      return body.messages as IncomingBroadcast[];
    }
    return json(404, { message: 'Not found' });
  } catch {
    return json(400, { message: 'Invalid JSON body' });
  }
}

/**
 * Realtime's HTTP broadcast: the caller's token (or apikey) is checked, and a message to a
 * private topic is sent only where RLS lets the caller write (the service role always may).
 */
export async function httpBroadcast(request: Request, path: string, { topics, verify, authorize }: HttpBroadcastOptions): Promise<Response> {
  if (request.method !== 'POST') return json(405, { message: 'Method not allowed' });
  const bearer = request.headers.get('authorization')?.replace(/^Bearer\s+/i, '');
  const check = await verify(bearer || request.headers.get('apikey'));
  if (!check.ok) return json(401, { message: check.reason });
  const messages = await messagesOf(request, path);
  // Not `instanceof Response`: under @hono/node-server, Response.json() makes Node's own Response.
  if (!Array.isArray(messages)) return messages;
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
    topics.broadcast(topicKey(isPrivate, message.topic as string), 'broadcast', {
      type: 'broadcast',
      event: message.event,
      payload: message.payload ?? {},
    });
  }
  return new Response(null, { status: 202 });
}
