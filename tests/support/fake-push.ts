import { createECDH, hkdfSync, createDecipheriv, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { importJWK, jwtVerify } from 'jose';

// A push service for tests, as a browser's (FCM, Mozilla's autopush) answers an application
// server: it checks the VAPID authorization (RFC 8292) against the application server key the
// subscription was made with, decrypts the aes128gcm body (RFC 8291, written here from the RFC
// with node:crypto, not with the library that encrypted it) with the browser's private key and
// auth secret, and records what it got. It can be told to answer 404 or 410 (subscription gone)
// or anything else for an endpoint.

/** A browser's side of one subscription: what PushSubscription.toJSON() gives, and its secrets. */
export interface FakeSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The browser's private key and auth secret (stay with the fake). */
  ecdh: ECDH;
  authSecret: Buffer;
  /** The VAPID public key the browser subscribed with: pushes signed by another key are refused. */
  applicationServerKey: string;
}

/** One message as the fake push service received it. */
export interface ReceivedPush {
  endpoint: string;
  /** The decrypted payload, as text. */
  text: string;
  ttl: number;
  urgency: string | null;
  topic: string | null;
  /** The VAPID JWT's claims, verified. */
  claims: { aud: string; sub: string; exp: number };
}

export interface FakePush {
  url: string;
  /** A new subscription, as the browser would make one for `applicationServerKey`. */
  subscribe(applicationServerKey: string): FakeSubscription;
  /** What to answer for an endpoint from now on (201 unless told). */
  answer(endpoint: string, status: number): void;
  received: ReceivedPush[];
  /** Requests refused as malformed (bad VAPID, undecryptable): each says why. */
  refused: string[];
  close(): Promise<void>;
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');

/** RFC 8291 §3.4 and RFC 8188: the plaintext of a one-record aes128gcm body. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const keyIdLength = body[20];
  const senderPublic = body.subarray(21, 21 + keyIdLength);
  const record = body.subarray(21 + keyIdLength);
  if (keyIdLength !== 65) throw new Error(`keyid is ${keyIdLength} bytes, not a P-256 public key`);
  if (record.length > recordSize) throw new Error('more than one record');
  const shared = ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([decipher.update(record.subarray(0, record.length - 16)), decipher.final()]);
  // The last record ends with a 0x02 delimiter, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/** RFC 8292 §3: `vapid t=<JWT>, k=<key>`, the key the subscription's, the JWT signed by it for this origin. */
async function verifyVapid(header: string | undefined, subscription: FakeSubscription, origin: string): Promise<ReceivedPush['claims']> {
  const parts = Object.fromEntries(
    (/^vapid (.*)$/.exec(header ?? '')?.[1] ?? '').split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()];
    }),
  );
  if (!parts.t || !parts.k) throw new Error(`Authorization is not vapid t=…, k=…: ${header}`);
  if (parts.k !== subscription.applicationServerKey) throw new Error('k is not the key the subscription was made with');
  const raw = Buffer.from(parts.k, 'base64url');
  const key = await importJWK({ kty: 'EC', crv: 'P-256', x: b64url(raw.subarray(1, 33)), y: b64url(raw.subarray(33, 65)) }, 'ES256');
  const { payload } = await jwtVerify(parts.t, key, { algorithms: ['ES256'], audience: origin });
  if (typeof payload.exp !== 'number' || payload.exp > Date.now() / 1000 + 24 * 3600) throw new Error('exp missing or more than 24 hours ahead');
  if (typeof payload.sub !== 'string' || !/^(mailto:|https:)/.test(payload.sub)) throw new Error('sub is not a mailto: or https: contact');
  return { aud: origin, sub: payload.sub, exp: payload.exp };
}

async function bodyOf(request: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function startFakePush(): Promise<FakePush> {
  const subscriptions = new Map<string, FakeSubscription>();
  const answers = new Map<string, number>();
  const received: ReceivedPush[] = [];
  const refused: string[] = [];
  let url = '';
  const server: Server = createServer((request, response) => {
    void (async () => {
      const endpoint = `${url}${request.url ?? ''}`;
      const subscription = subscriptions.get(endpoint);
      const body = await bodyOf(request);
      const status = answers.get(endpoint);
      if (request.method !== 'POST' || !subscription) return response.writeHead(404).end();
      if (status !== undefined && status !== 201) return response.writeHead(status).end();
      try {
        const claims = await verifyVapid(request.headers.authorization, subscription, url);
        if (request.headers['content-encoding'] !== 'aes128gcm') throw new Error(`Content-Encoding ${request.headers['content-encoding']}`);
        const ttl = Number(request.headers.ttl);
        if (!Number.isInteger(ttl) || ttl < 0) throw new Error('no TTL');
        const text = decryptAes128gcm(body, subscription.ecdh, subscription.authSecret);
        received.push({ endpoint, text, ttl, urgency: (request.headers.urgency as string) ?? null, topic: (request.headers.topic as string) ?? null, claims });
        response.writeHead(201, { location: `${url}/message/${randomUUID()}` }).end();
      } catch (error) {
        refused.push(String(error));
        response.writeHead(400).end(String(error));
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    received,
    refused,
    subscribe(applicationServerKey) {
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const authSecret = randomBytes(16);
      const endpoint = `${url}/push/${randomUUID()}`;
      const subscription = { endpoint, keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(authSecret) }, ecdh, authSecret, applicationServerKey };
      subscriptions.set(endpoint, subscription);
      return subscription;
    },
    answer: (endpoint, status) => void answers.set(endpoint, status),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
