import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { env } from './env.ts';
import { ApiError } from './errors.ts';

export type DbRole = 'anon' | 'authenticated';

/** Who is calling: the Postgres role their token maps to, their user id, and the claims. */
export interface Caller {
  role: DbRole;
  userId: string | null;
  claims: JWTPayload & { role: DbRole };
  /** The bearer token itself, for calls to Auth on the user's behalf (logout). */
  token: string | null;
}

/** A guest: no token, the anon key or a publishable key. */
export const guest: Caller = { role: 'anon', userId: null, claims: { role: 'anon' }, token: null };

/**
 * The bearer token of an `Authorization` header: the one parser every route and service
 * call uses. Null when there is none; a header that is present but malformed is refused.
 */
export function bearerToken(authorization: string | undefined | null): string | null {
  if (authorization === undefined || authorization === null || authorization.trim() === '') return null;
  const match = /^Bearer +([A-Za-z0-9._~+/=-]+) *$/i.exec(authorization);
  if (!match) throw new ApiError(401, 'invalid_token');
  return match[1];
}

/** The values of an env variable holding Supabase's JSON object of named keys (`{"default": "sb_..."}`). */
export function configuredKeys(name: string): string[] {
  const raw = env(name);
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object') return Object.values(parsed).filter((key): key is string => typeof key === 'string' && key !== '');
  } catch {
    // a plain key rather than the JSON object
  }
  return [raw];
}

const encoder = new TextEncoder();

async function digest(value: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.digest('SHA-256', encoder.encode(value)));
}

/**
 * Whether `candidate` equals one of `keys`, whole, in time that does not depend on where
 * they differ: both sides are hashed to equal lengths, every byte of every key is compared,
 * and nothing returns early.
 */
export async function matchesKey(candidate: string, keys: readonly string[]): Promise<boolean> {
  const mine = await digest(candidate);
  let matched = 0;
  for (const key of keys) {
    const theirs = await digest(key);
    let difference = 0;
    for (let i = 0; i < theirs.length; i++) difference |= mine[i] ^ theirs[i];
    matched |= difference === 0 ? 1 : 0;
  }
  return matched === 1;
}

/**
 * Whether a bearer token is one of the project's server keys: a secret key
 * (SUPABASE_SECRET_KEYS) or the legacy service-role key (SUPABASE_SERVICE_ROLE_KEY), for
 * the functions only the platform calls (the storage sweep). Compared whole and in constant
 * time against every configured key, whatever the token looks like; none configured: false.
 */
export async function isServiceKey(token: string): Promise<boolean> {
  const keys = [...configuredKeys('SUPABASE_SECRET_KEYS'), ...configuredKeys('SUPABASE_SERVICE_ROLE_KEY')];
  return keys.length > 0 && (await matchesKey(token, keys));
}

let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

async function verifiedClaims(token: string): Promise<JWTPayload> {
  try {
    const { alg } = decodeProtectedHeader(token);
    if (alg === 'HS256') {
      const secret = env('JWT_SECRET') ?? env('SUPABASE_JWT_SECRET');
      if (!secret) throw new Error('no JWT secret configured');
      return (await jwtVerify(token, encoder.encode(secret), { algorithms: ['HS256'] })).payload;
    }
    jwks ??= createRemoteJWKSet(new URL(`${env('SUPABASE_URL')}/auth/v1/.well-known/jwks.json`));
    return (await jwtVerify(token, jwks, { algorithms: ['ES256', 'RS256'] })).payload;
  } catch {
    throw new ApiError(401, 'invalid_token');
  }
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The caller behind a request's Authorization header, as Supabase issues tokens: none or
 * the anon key is a guest; a publishable key must be one of the project's; a user's JWT
 * (HS256 with the JWT secret, or ES256/RS256 against the project's JWKS) is that user.
 * No /api route needs the secret key or the service role, so both are refused outright —
 * before any comparison, so their handling leaks nothing about the configured secrets.
 * Whether the user's session is still alive is checked in SQL (private.assert_session).
 */
export async function callerFrom(authorization: string | undefined | null): Promise<Caller> {
  const token = bearerToken(authorization);
  if (!token) return guest;
  if (token.startsWith('sb_secret_')) throw new ApiError(401, 'secret_key_refused');
  if (token.startsWith('sb_')) {
    if (token.startsWith('sb_publishable_') && (await matchesKey(token, configuredKeys('SUPABASE_PUBLISHABLE_KEYS')))) {
      return guest;
    }
    throw new ApiError(401, 'invalid_api_key');
  }
  const payload = await verifiedClaims(token);
  if (payload.role === 'anon') return guest;
  if (payload.role === 'service_role') throw new ApiError(401, 'secret_key_refused');
  if (payload.role !== 'authenticated' || typeof payload.sub !== 'string' || !uuidPattern.test(payload.sub)) {
    throw new ApiError(401, 'invalid_token');
  }
  return { role: 'authenticated', userId: payload.sub, claims: { ...payload, role: 'authenticated' }, token };
}
