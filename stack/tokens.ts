import { jwtVerify, type JWTPayload } from 'jose';
import { isOneOf, keyDigests } from './auth/requests.ts';
import type { StackConfig } from './config.ts';

/** The roles an API token may act as in Postgres (the API roles). */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

export interface Caller {
  role: string;
  claims: JWTPayload & { role: string; exp: number };
}

export type TokenCheck = { ok: true; caller: Caller } | { ok: false; reason: string };

export type TokenVerifier = (token: unknown) => Promise<TokenCheck>;

/**
 * Realtime's and Storage's check of an apikey or access token: a JWT signed with the stack's
 * secret that has `role` and `exp`. The opaque `sb_…` keys stand for the role JWTs, as on
 * Supabase. The reasons are Realtime's words; Storage shows jose's (stack/storage).
 */
export function tokenVerifier(
  config: Pick<StackConfig, 'jwtSecret' | 'anonKey' | 'serviceRoleKey' | 'publishableKeys' | 'secretKeys'>,
): TokenVerifier {
  const secret = new TextEncoder().encode(config.jwtSecret);
  // Compared whole and in constant time (isOneOf), like Auth's check of the same keys.
  const secretKeys = keyDigests(config.secretKeys);
  const publishableKeys = keyDigests(config.publishableKeys);
  const opaque = (token: string) =>
    isOneOf(token, secretKeys) ? config.serviceRoleKey : isOneOf(token, publishableKeys) ? config.anonKey : undefined;
  return async (token) => {
    if (typeof token !== 'string' || !token) return { ok: false, reason: 'InvalidJWTToken: Token is missing' };
    const jwt = opaque(token) ?? token;
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(jwt, secret, { algorithms: ['HS256'] }));
    } catch (error) {
      const expired = (error as { code?: string }).code === 'ERR_JWT_EXPIRED';
      return { ok: false, reason: expired ? 'InvalidJWTToken: Token has expired' : 'InvalidJWTToken: Invalid token' };
    }
    if (typeof claims.exp !== 'number') return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
    if (typeof claims.role !== 'string') return { ok: false, reason: 'InvalidJWTToken: Fields `role` and `exp` are required in JWT' };
    if (!API_ROLES.has(claims.role)) return { ok: false, reason: `InvalidJWTToken: Unknown role ${claims.role}` };
    return { ok: true, caller: { role: claims.role, claims: claims as Caller['claims'] } };
  };
}
