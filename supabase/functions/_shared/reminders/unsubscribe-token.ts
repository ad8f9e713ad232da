import { configuredKeys, matchesKey } from '../auth.ts';
import { env } from '../env.ts';

const encoder = new TextEncoder();
const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The key unsubscribe links are signed with: REMINDERS_UNSUBSCRIBE_SECRET when set (it
 * outlives a rotation of the project's keys), else the project's first secret key, else the
 * service-role key. Null when none is configured: no link can be made or accepted.
 */
function signingSecret(): string | null {
  return env('REMINDERS_UNSUBSCRIBE_SECRET') || configuredKeys('SUPABASE_SECRET_KEYS')[0] || configuredKeys('SUPABASE_SERVICE_ROLE_KEY')[0] || null;
}

async function mac(userId: string, secret: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`jerga-reminder-unsubscribe:${userId}`)));
  return btoa(String.fromCharCode(...signature)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * A learner's unsubscribe token: their id and an HMAC-SHA-256 of it under the server's
 * secret (`<uuid>.<43 base64url characters>`). The same every day, so an old mail's link
 * still works; nobody without the secret can make one for another learner.
 */
export async function unsubscribeToken(userId: string): Promise<string> {
  const secret = signingSecret();
  if (!secret) throw new Error('reminders: no secret to sign unsubscribe links with (REMINDERS_UNSUBSCRIBE_SECRET or SUPABASE_SECRET_KEYS)');
  return `${userId}.${await mac(userId, secret)}`;
}

/**
 * The user id a token names when its HMAC is right, compared whole and in constant time;
 * null for anything else (malformed, forged, or no secret configured).
 */
export async function verifiedUnsubscribeToken(token: string | undefined | null): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const dot = token.indexOf('.');
  const userId = token.slice(0, dot).toLowerCase();
  const secret = signingSecret();
  if (dot < 0 || !uuidPattern.test(userId) || !secret) return null;
  return (await matchesKey(token.slice(dot + 1), [await mac(userId, secret)])) ? userId : null;
}
