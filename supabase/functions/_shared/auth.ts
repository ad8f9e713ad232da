import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { env } from './env.ts';
import { ApiError } from './errors.ts';

export type DbRole = 'anon' | 'authenticated' | 'service_role';

/** Who is calling: the Postgres role their token maps to, their user id, and the claims. */
export interface Caller {
  role: DbRole;
  userId: string | null;
  claims: JWTPayload & { role: DbRole };
}

const anonymous: Caller = { role: 'anon', userId: null, claims: { role: 'anon' } };

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

/**
 * Verifies the bearer token as Supabase issues it: HS256 with the project's JWT secret
 * (the local stack, legacy keys) or ES256/RS256 against the project's JWKS (current
 * `supabase start` and hosted projects). No token at all is a guest.
 */
export async function callerFrom(authorization: string | undefined): Promise<Caller> {
  const token = authorization?.match(/^Bearer\s+(.+)$/i)?.[1]?.trim();
  if (!token) return anonymous;
  if (token.startsWith('sb_publishable_')) return anonymous;
  if (token.startsWith('sb_secret_')) {
    const secrets = env('SUPABASE_SECRET_KEYS') ?? '';
    if (secrets.includes(token)) return { role: 'service_role', userId: null, claims: { role: 'service_role' } };
    throw invalidToken();
  }
  let payload: JWTPayload;
  try {
    const { alg } = decodeProtectedHeader(token);
    if (alg === 'HS256') {
      const secret = env('JWT_SECRET') ?? env('SUPABASE_JWT_SECRET');
      if (!secret) throw new Error('no JWT secret configured');
      ({ payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] }));
    } else {
      jwks ??= createRemoteJWKSet(new URL(`${env('SUPABASE_URL')}/auth/v1/.well-known/jwks.json`));
      ({ payload } = await jwtVerify(token, jwks, { algorithms: ['ES256', 'RS256'] }));
    }
  } catch {
    throw invalidToken();
  }
  const role = payload.role;
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role') throw invalidToken();
  const userId = role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null;
  if (role === 'authenticated' && !userId) throw invalidToken();
  return { role, userId, claims: { ...payload, role } };
}

function invalidToken(): ApiError {
  return new ApiError(401, 'invalid_token', 'Your session has expired. Please log in again.');
}
