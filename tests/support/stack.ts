import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { SignJWT } from 'jose';
import postgres from 'postgres';
import './provided.ts';

export const stack = () => inject('stack');

let admin: postgres.Sql | undefined;

/** A superuser connection to the test database, for arranging data and reading it back. */
export function adminSql(): postgres.Sql {
  admin ??= postgres(stack().dbUrl, { max: 2, onnotice: () => {} });
  return admin;
}

export async function closeAdminSql(): Promise<void> {
  await admin?.end();
  admin = undefined;
}

export interface TestUser {
  id: string;
  email: string;
  name: string;
  /** The auth.sessions row the token belongs to. */
  sessionId: string;
  /** An access token as GoTrue would issue it, signed with the local JWT secret. */
  token: string;
}

/** Signs claims the way GoTrue does for a password sign-in (HS256, local secret). */
export async function signAccessToken(
  user: { id: string; email: string },
  expiresIn = 3600,
  sessionId: string = randomUUID(),
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: user.email,
    phone: '',
    app_metadata: { provider: 'email', providers: ['email'] },
    user_metadata: {},
    role: 'authenticated',
    aal: 'aal1',
    amr: [{ method: 'password', timestamp: now }],
    session_id: sessionId,
    is_anonymous: false,
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(`${stack().apiUrl}/auth/v1`)
    .setSubject(user.id)
    .setAudience('authenticated')
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(new TextEncoder().encode(stack().jwtSecret));
}

/**
 * Creates a user straight in auth.users (the profile trigger runs) with one live session in
 * auth.sessions, and signs an access token for that session as GoTrue would. A new account's
 * reports hide nothing by themselves; `trusted` makes it a trusted reporter (makeTrusted).
 */
export async function createUser(options: { name?: string; admin?: boolean; trusted?: boolean } = {}): Promise<TestUser> {
  const id = randomUUID();
  const name = options.name ?? `Tester ${id.slice(0, 6)}`;
  const email = `${id.slice(0, 8)}@test.jerga.local`;
  const sql = adminSql();
  await sql`insert into auth.users (id, aud, role, email, raw_user_meta_data, raw_app_meta_data, created_at, updated_at, email_confirmed_at)
            values (${id}, 'authenticated', 'authenticated', ${email}, ${sql.json({ name })},
                    ${sql.json({ provider: 'email', providers: ['email'] })}, now(), now(), now())`;
  if (options.admin) await sql`update public.profiles set is_admin = true where id = ${id}`;
  const sessionId = randomUUID();
  await sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${sessionId}, ${id}, now(), now(), 'aal1')`;
  if (options.trusted) await makeTrusted(email);
  return { id, email, name, sessionId, token: await signAccessToken({ id, email }, 3600, sessionId) };
}

/**
 * Makes an account a trusted reporter as private.is_trusted_reporter judges it (its reports
 * count toward a hold): made `hours` ago (73 by default, past the 72 hours) with one entry of
 * its own that stands, unshown so that no list changes.
 */
export async function makeTrusted(email: string, hours = 73): Promise<void> {
  const sql = adminSql();
  const [account] = await sql<{ id: string }[]>`
    update auth.users set created_at = now() - make_interval(hours => ${hours}::integer) where email = ${email} returning id`;
  await sql`insert into public.entries (title, description, country, author, owner, show)
            values (${`standing ${account.id.slice(0, 8)}`}, 'An entry of a trusted reporter''s own.', 'MX', 'Test support', ${account.id}, false)`;
}

export interface ApiReply<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * This test file's client address: /api calls say they come through the gateway from it,
 * so per-address limits (guest entries, sign-in throttles) count each file on its own.
 */
export const testClientAddress = `198.18.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;

/** Calls /api on the test stack as a guest (anon key) or with a user's token. */
// Replies are arbitrary JSON that each test reads its own way; callers can pass a type.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function api<T = any>(
  path: string,
  options: { method?: string; body?: unknown; token?: string | null; rawBody?: string; headers?: Record<string, string> } = {},
): Promise<ApiReply<T>> {
  const token = options.token === undefined ? stack().anonKey : options.token;
  const headers: Record<string, string> = { 'x-forwarded-for': testClientAddress, ...options.headers };
  if (token) headers.authorization = `Bearer ${token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(`${stack().apiUrl}/api${path}`, {
    method: options.method ?? (options.body === undefined && options.rawBody === undefined ? 'GET' : 'POST'),
    headers,
    body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

/** Registers a learner through /api, as the register page does, and returns their access token. */
export async function registerThroughApi(person: { name: string; email: string; password: string }): Promise<string> {
  const reply = await api<{ session?: { access_token: string } }>('/user/register', {
    body: { name: person.name, email: person.email, password: person.password, confirmPassword: person.password },
  });
  if (reply.status !== 201 || !reply.body.session) throw new Error(`Registering ${person.email} answered ${reply.status}: ${JSON.stringify(reply.body)}`);
  return reply.body.session.access_token;
}
