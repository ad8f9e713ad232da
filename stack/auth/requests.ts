import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import type { z } from 'zod';
import { canonicalAddress } from './addresses.ts';
import { AuthError, badJson, invalidApiKey, noAuthorization, notAdmin, sessionNotFound, userBanned, validationFailed } from './errors.ts';
import type { AuthContext } from './context.ts';
import type { Client } from './sessions.ts';
import type { RateLimits } from './settings.ts';
import { verifyToken } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Deeper JSON than this is refused: no real request nests more, and Postgres' jsonb parser has a stack limit. */
const MAX_JSON_DEPTH = 64;

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// Postgres text cannot hold U+0000, and a lone surrogate has no UTF-8 encoding.
const unstorable = (text: string) => text.includes('\u0000') || loneSurrogate.test(text);

const refuseText = (field: string) =>
  validationFailed(`${field} contains a NUL character (U+0000) or an unpaired UTF-16 surrogate, which are not allowed`);

/**
 * Every string in a JSON body (keys too) must be storable, so bad text is a 400 naming
 * the field instead of a database error. Iterative: a deep body cannot overflow the stack.
 */
function checkStrings(body: Record<string, unknown>): void {
  const pending: [value: unknown, path: string, depth: number][] = [[body, '', 0]];
  while (pending.length) {
    const [value, path, depth] = pending.pop()!;
    if (typeof value === 'string') {
      if (unstorable(value)) throw refuseText(path);
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth >= MAX_JSON_DEPTH) throw validationFailed(`${path || 'The body'} is nested too deeply`);
    for (const [key, child] of Object.entries(value)) {
      // A bad key is named by where it sits, not echoed.
      if (unstorable(key)) throw refuseText(path ? `A key in ${path}` : 'A key');
      pending.push([child, Array.isArray(value) ? `${path}[${key}]` : path ? `${path}.${key}` : key, depth + 1]);
    }
  }
}

/** The JSON object body of a request; an empty body is `{}`, anything else 400 bad_json. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw badJson();
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) throw badJson();
  checkStrings(value as Record<string, unknown>);
  return value as Record<string, unknown>;
}

/** A body checked against its schema, or 400 validation_failed naming each problem. */
export function parse<T>(schema: z.ZodType<T>, body: unknown): T {
  const result = schema.safeParse(body);
  if (!result.success) throw validationFailed(result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; '));
  return result.data;
}

/** SHA-256 of each key: digests all have one length, so comparing them reveals nothing about a key's length. */
export function keyDigests(keys: readonly string[]): Buffer[] {
  return keys.filter(Boolean).map((key) => createHash('sha256').update(key).digest());
}

/**
 * Whether `value` is exactly one of the keys: compared whole, in constant time, against
 * every key (no early exit), so timing says nothing about how much of a key was right.
 */
export function isOneOf(value: string | null | undefined, digests: readonly Buffer[]): boolean {
  if (typeof value !== 'string') return false;
  const candidate = createHash('sha256').update(value).digest();
  let found = false;
  for (const digest of digests) found = timingSafeEqual(candidate, digest) || found;
  return found;
}

/**
 * The role an opaque `sb_…` key stands for, as Kong maps it on `supabase start`: the secret
 * key is the service role, the publishable key anon. Null for anything else that is not
 * opaque (JWTs go on to be verified); any other `sb_` string is an invalid key (401).
 */
export function opaqueKeyRole(ctx: AuthContext, value: string | null | undefined): 'service_role' | 'anon' | null {
  // The prefix only says which kind of key this claims to be; identity is isOneOf's job.
  if (typeof value !== 'string' || !value.startsWith('sb_')) return null;
  const secret = isOneOf(value, ctx.apiKeys.secret);
  const publishable = isOneOf(value, ctx.apiKeys.publishable);
  if (secret) return 'service_role';
  if (publishable) return 'anon';
  throw invalidApiKey();
}

/** Refuses a request whose `apikey` or bearer is an `sb_` string that is not one of our keys. */
export function checkApiKeys(ctx: AuthContext, c: Context): void {
  opaqueKeyRole(ctx, c.req.header('apikey'));
  opaqueKeyRole(ctx, bearerOf(c));
}

/** The address the gateway put in X-Forwarded-For (it sets exactly one), else the socket's. */
function gatewayAddress(c: Context): string | null {
  const forwarded = canonicalAddress(c.req.header('x-forwarded-for')?.split(',').pop());
  if (forwarded) return forwarded;
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return canonicalAddress(incoming?.socket?.remoteAddress);
}

/**
 * Who is calling, for rate limits and the session row. A server holding the secret key
 * (the api function signing a browser in) may name the browser with `Sb-Forwarded-For`,
 * as on hosted Auth with IP address forwarding on; from anyone else that header is ignored.
 */
export function clientOf(ctx: AuthContext, c: Context): Client {
  const userAgent = c.req.header('user-agent') ?? null;
  const named = c.req.header('sb-forwarded-for');
  if (named !== undefined && ctx.sbForwardedForEnabled && isOneOf(c.req.header('apikey'), ctx.apiKeys.secret)) {
    const address = canonicalAddress(named.split(',')[0]);
    if (address) return { ip: address, userAgent };
  }
  return { ip: gatewayAddress(c), userAgent };
}

/** Counts one request of this kind from the caller's address (clientOf), or throws 429 with Retry-After. */
export function limitByAddress(ctx: AuthContext, c: Context, bucket: Exclude<keyof RateLimits, 'windowSeconds'>): void {
  ctx.limiter.take(bucket, clientOf(ctx, c).ip ?? 'unknown', ctx.settings.rateLimits[bucket]);
}

export function bearerOf(c: Context): string | null {
  return c.req.header('authorization')?.match(/^Bearer\s+(\S+)\s*$/i)?.[1] ?? null;
}

export interface Caller {
  user: UserRow;
  sessionId: string | null;
}

/**
 * The signed-in user behind the bearer token: 401 no_authorization without one, 403 bad_jwt
 * when it does not verify, 403 session_not_found once its session has been signed out, 403
 * user_banned while the account is banned: every route that acts for a user comes here, so a
 * banned account changes nothing in Auth.
 */
export async function requireUser(ctx: AuthContext, c: Context): Promise<Caller> {
  const token = bearerOf(c);
  if (!token) throw noAuthorization();
  // An API key is a role with no user, like the anon or service_role JWT it stands for.
  if (opaqueKeyRole(ctx, token)) throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  const claims = await verifyToken(token, ctx.keys, ctx.now());
  if (typeof claims.sub !== 'string' || !uuid.test(claims.sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const sub = claims.sub;
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  return ctx.sql.begin(async (tx) => {
    const user = await findUserById(tx, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (sessionId) {
      if (!uuid.test(sessionId)) throw sessionNotFound();
      const [session] = await tx`select id from auth.sessions where id = ${sessionId} and user_id = ${sub}`;
      if (!session) throw sessionNotFound();
    }
    if (user.banned_until && user.banned_until > ctx.now()) throw userBanned();
    return { user, sessionId };
  });
}

/** Admin endpoints: the bearer must be the service role (or supabase_admin), else 403 not_admin. */
export async function requireAdmin(ctx: AuthContext, c: Context): Promise<void> {
  const token = bearerOf(c);
  if (!token) throw noAuthorization();
  const role = opaqueKeyRole(ctx, token) ?? (await verifyToken(token, ctx.keys, ctx.now())).role;
  if (role !== 'service_role' && role !== 'supabase_admin') throw notAdmin();
}
