import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { z } from 'zod';
import { env } from './env.ts';
import { forwardedValue } from './origins.ts';

/**
 * The session as a cookie, in @supabase/ssr's format, for clients that keep their session
 * in the browser's cookies rather than in an Authorization header (the palabrotas client):
 *
 * - name `sb-<project ref>-auth-token`, the ref being the first label of SUPABASE_URL's host
 *   (supabase-js's default storage key: `sb-127-auth-token` for http://127.0.0.1:54321);
 * - value `base64-` + base64url (no padding) of the session's JSON as auth-js stores it
 *   (`{access_token, token_type, expires_in, expires_at, refresh_token, user}`);
 * - split into `<name>.0`, `<name>.1`, … when the value is longer than 3180 characters;
 * - HttpOnly (ssr leaves it readable; nothing in the browser needs to read ours), SameSite=Lax,
 *   Path=/, Secure when the request came over https, Max-Age as long as the refresh token
 *   lives (Auth's refresh tokens do not expire by time: the browser's 400-day cap, as ssr).
 */

/** @supabase/ssr's MAX_CHUNK_SIZE. */
export const MAX_CHUNK_SIZE = 3180;
/** More chunks than any session needs (a session is 1–3 KB): what a request may carry. */
const MAX_CHUNKS = 8;
const BASE64_PREFIX = 'base64-';
/** Browsers cap Max-Age at 400 days; Auth's refresh tokens have no lifetime of their own. */
const DEFAULT_MAX_AGE = 400 * 24 * 60 * 60;
/** The PKCE verifier of a Google sign-in only needs to outlive the trip to Google and back. */
export const VERIFIER_MAX_AGE = 10 * 60;

/** `sb-<ref>-auth-token`, or JERGA_SESSION_COOKIE_NAME when set. */
export function sessionCookieName(): string {
  const configured = env('JERGA_SESSION_COOKIE_NAME')?.trim();
  if (configured && /^[A-Za-z0-9_-]{1,64}$/.test(configured)) return configured;
  let ref = 'local';
  try {
    ref = new URL(env('SUPABASE_URL') ?? '').hostname.split('.')[0] || ref;
  } catch {
    // no SUPABASE_URL: the function cannot reach Auth anyway
  }
  return `sb-${ref}-auth-token`;
}

export const verifierCookieName = () => `${sessionCookieName()}-code-verifier`;

function cookieMaxAge(): number {
  const configured = Number(env('JERGA_SESSION_COOKIE_MAX_AGE'));
  return Number.isInteger(configured) && configured > 0 && configured <= DEFAULT_MAX_AGE ? configured : DEFAULT_MAX_AGE;
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of encoder.encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null;
  try {
    const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    return decoder.decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
  } catch {
    return null;
  }
}

/** `value` as ssr writes it: `base64-` + base64url, in chunks of at most MAX_CHUNK_SIZE. */
export function encodeCookieValue(name: string, value: string): { name: string; value: string }[] {
  // base64url needs no percent-encoding, so the encoded length is the length.
  const encoded = BASE64_PREFIX + toBase64Url(value);
  if (encoded.length <= MAX_CHUNK_SIZE) return [{ name, value: encoded }];
  const chunks: { name: string; value: string }[] = [];
  for (let i = 0; i * MAX_CHUNK_SIZE < encoded.length; i++) {
    chunks.push({ name: `${name}.${i}`, value: encoded.slice(i * MAX_CHUNK_SIZE, (i + 1) * MAX_CHUNK_SIZE) });
  }
  return chunks;
}

/** The value under `name` (whole, or joined from `.0`, `.1`, …), decoded; null when absent or not ssr's. */
export function decodeCookieValue(cookies: Record<string, string>, name: string): string | null {
  let joined = cookies[name];
  if (!joined) {
    const parts: string[] = [];
    for (let i = 0; i < MAX_CHUNKS && cookies[`${name}.${i}`]; i++) parts.push(cookies[`${name}.${i}`]);
    joined = parts.join('');
  }
  if (!joined) return null;
  // ssr also reads values written before it base64-encoded them: plain JSON.
  if (!joined.startsWith(BASE64_PREFIX)) return joined.startsWith('{') ? joined : null;
  return fromBase64Url(joined.slice(BASE64_PREFIX.length));
}

/** The names a request carries for `name`: itself and its chunks. */
export function chunkNames(cookies: Record<string, string>, name: string): string[] {
  return Object.keys(cookies).filter((key) => key === name || (key.startsWith(`${name}.`) && /^(0|[1-9][0-9]*)$/.test(key.slice(name.length + 1))));
}

/** The session fields the /api needs from a cookie; the rest (the user) is carried along untouched. */
const storedSession = z.object({
  access_token: z.string().min(1).max(8192),
  refresh_token: z.string().min(1).max(1024),
  expires_at: z.number().optional(),
});

export type StoredSession = z.infer<typeof storedSession> & Record<string, unknown>;

/** The session in the request's cookie, or null (none, or not something ssr could have written). */
export function sessionFromCookies(cookies: Record<string, string>): StoredSession | null {
  const text = decodeCookieValue(cookies, sessionCookieName());
  if (!text) return null;
  try {
    const parsed = storedSession.passthrough().safeParse(JSON.parse(text));
    return parsed.success ? (parsed.data as StoredSession) : null;
  } catch {
    return null;
  }
}

/**
 * Whether the browser reached us over https: the request's own URL, or X-Forwarded-Proto as
 * the trusted proxy in front of the function wrote it (the local gateway always overwrites it).
 */
export function requestIsHttps(c: Context): boolean {
  const forwarded = forwardedValue(c.req.header('x-forwarded-proto'));
  if (forwarded) return forwarded.toLowerCase() === 'https';
  return new URL(c.req.url).protocol === 'https:';
}

function attributes(c: Context, maxAge: number) {
  return { path: '/', httpOnly: true, sameSite: 'Lax' as const, secure: requestIsHttps(c), maxAge };
}

/** Writes `value` under `name` (chunked as needed) and expires the request's stale chunks of it. */
function writeCookie(c: Context, name: string, value: string, maxAge: number): void {
  const chunks = encodeCookieValue(name, value);
  const written = new Set(chunks.map((chunk) => chunk.name));
  for (const stale of chunkNames(getCookie(c), name)) {
    if (!written.has(stale)) setCookie(c, stale, '', attributes(c, 0));
  }
  for (const chunk of chunks) setCookie(c, chunk.name, chunk.value, attributes(c, maxAge));
}

/** Expires `name` and every chunk of it the request carries (always the name itself). */
function expireCookie(c: Context, name: string): void {
  const names = new Set([name, ...chunkNames(getCookie(c), name)]);
  for (const stale of names) setCookie(c, stale, '', attributes(c, 0));
}

/** Keeps `session` (auth-js's Session, user included) in the reply's cookies. */
export function setSessionCookie(c: Context, session: object): void {
  writeCookie(c, sessionCookieName(), JSON.stringify(session), cookieMaxAge());
}

export function clearSessionCookie(c: Context): void {
  expireCookie(c, sessionCookieName());
}

/** The PKCE verifier auth-js keeps under `<storage key>-code-verifier`, as the raw stored string. */
export function setVerifierCookie(c: Context, stored: string): void {
  writeCookie(c, verifierCookieName(), stored, VERIFIER_MAX_AGE);
}

export function verifierFromCookies(c: Context): string | null {
  return decodeCookieValue(getCookie(c), verifierCookieName());
}

export function clearVerifierCookie(c: Context): void {
  expireCookie(c, verifierCookieName());
}
