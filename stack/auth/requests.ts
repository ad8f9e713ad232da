import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { AuthError, badJson, noAuthorization, notAdmin, sessionNotFound } from './errors.ts';
import type { AuthContext } from './context.ts';
import type { Client } from './sessions.ts';
import { verifyToken } from './tokens.ts';
import { findUserById, type UserRow } from './users.ts';

/** The JSON object body of a request; an empty body is `{}`, anything else 400 bad_json. */
export async function readJson(c: Context): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const value: unknown = JSON.parse(text);
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw badJson();
}

/** Who is calling, for rate limits and the session row (the socket's address, as GoTrue sees it behind Kong). */
export function clientOf(c: Context): Client {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  return { ip: incoming?.socket?.remoteAddress ?? null, userAgent: c.req.header('user-agent') ?? null };
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
 * when it does not verify, 403 session_not_found once its session has been signed out.
 */
export async function requireUser(ctx: AuthContext, c: Context): Promise<Caller> {
  const token = bearerOf(c);
  if (!token) throw noAuthorization();
  const claims = await verifyToken(token, ctx.keys, ctx.now());
  if (typeof claims.sub !== 'string' || !/^[0-9a-f-]{36}$/i.test(claims.sub)) {
    throw new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim');
  }
  const sub = claims.sub;
  const sessionId = typeof claims.session_id === 'string' ? claims.session_id : null;
  return ctx.sql.begin(async (tx) => {
    const user = await findUserById(tx, sub);
    if (!user) throw new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist');
    if (sessionId) {
      if (!/^[0-9a-f-]{36}$/i.test(sessionId)) throw sessionNotFound();
      const [session] = await tx`select id from auth.sessions where id = ${sessionId} and user_id = ${sub}`;
      if (!session) throw sessionNotFound();
    }
    return { user, sessionId };
  });
}

/** Admin endpoints: the bearer must be the service role (or supabase_admin), else 403 not_admin. */
export async function requireAdmin(ctx: AuthContext, c: Context): Promise<void> {
  const token = bearerOf(c);
  if (!token) throw noAuthorization();
  const claims = await verifyToken(token, ctx.keys, ctx.now());
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw notAdmin();
}
