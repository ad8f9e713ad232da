import { authStorageKey } from '@/lib/supabase';

/** An access token naming `userId` as Auth signs one (the client never checks the signature). */
export function accessTokenFor(userId: string): string {
  const part = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
  return `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: userId, role: 'authenticated', exp: Math.floor(Date.now() / 1000) + 3600 })}.signature`;
}

/**
 * Stores a session for `userId` where Supabase Auth keeps it, so /api calls go with that
 * learner's token, as in the app once they signed in (setup.ts clears localStorage after each test).
 */
export function storeSessionFor(userId: string): void {
  const expiresAt = Math.floor(Date.now() / 1000) + 3600;
  const user = { id: userId, aud: 'authenticated', role: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
  const session = { access_token: accessTokenFor(userId), refresh_token: 'refresh', token_type: 'bearer', expires_in: 3600, expires_at: expiresAt, user };
  localStorage.setItem(authStorageKey, JSON.stringify(session));
}
