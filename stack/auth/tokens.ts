import { randomBytes } from 'node:crypto';
import {
  SignJWT,
  decodeProtectedHeader,
  exportJWK,
  importJWK,
  jwtVerify,
  type CryptoKey,
  type JWK,
  type JWTPayload,
} from 'jose';
import { badJwt } from './errors.ts';

/**
 * How tokens are signed. Like GoTrue with only a secret configured, user tokens are HS256
 * with the JWT secret. Given an ES256 private JWK (with `kid`), user tokens are ES256 and the
 * public key is served from /.well-known/jwks.json, as current `supabase start` does; HS256
 * tokens (the anon and service keys) are still accepted.
 */
export interface SigningKeys {
  secret: Uint8Array;
  es256?: { kid: string; privateKey: CryptoKey; publicJwk: JWK };
}

export async function loadSigningKeys(jwtSecret: string, es256PrivateJwk?: JWK): Promise<SigningKeys> {
  const keys: SigningKeys = { secret: new TextEncoder().encode(jwtSecret) };
  if (es256PrivateJwk) {
    const kid = es256PrivateJwk.kid ?? 'local';
    const privateKey = (await importJWK(es256PrivateJwk, 'ES256', { extractable: true })) as CryptoKey;
    const { d: _d, ...publicPart } = await exportJWK(privateKey);
    keys.es256 = { kid, privateKey, publicJwk: { ...publicPart, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] } };
  }
  return keys;
}

export function jwks(keys: SigningKeys): { keys: JWK[] } {
  return { keys: keys.es256 ? [keys.es256.publicJwk] : [] };
}

/** The claims GoTrue's AccessTokenClaims carry. */
export interface AccessClaims {
  sub: string;
  email: string;
  phone: string;
  app_metadata: Record<string, unknown>;
  user_metadata: Record<string, unknown>;
  role: string;
  aal: 'aal1';
  amr: { method: string; timestamp: number }[];
  session_id: string;
  is_anonymous: boolean;
}

export async function signAccessToken(
  claims: AccessClaims,
  keys: SigningKeys,
  options: { issuer: string; issuedAt: number; expiresIn: number },
): Promise<string> {
  const { sub, ...rest } = claims;
  const jwt = new SignJWT({ ...rest })
    .setIssuer(options.issuer)
    .setSubject(sub)
    .setAudience('authenticated')
    .setIssuedAt(options.issuedAt)
    .setExpirationTime(options.issuedAt + options.expiresIn);
  if (keys.es256) return jwt.setProtectedHeader({ alg: 'ES256', kid: keys.es256.kid, typ: 'JWT' }).sign(keys.es256.privateKey);
  return jwt.setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(keys.secret);
}

/** Verifies a bearer token (HS256 with the secret, or ES256 with our key) at time `now`. */
export async function verifyToken(token: string, keys: SigningKeys, now: Date): Promise<JWTPayload> {
  try {
    const { alg } = decodeProtectedHeader(token);
    if (alg === 'ES256' && keys.es256) {
      return (await jwtVerify(token, keys.es256.publicJwk, { algorithms: ['ES256'], currentDate: now })).payload;
    }
    return (await jwtVerify(token, keys.secret, { algorithms: ['HS256'], currentDate: now })).payload;
  } catch (error) {
    const code = (error as { code?: string }).code;
    throw badJwt(code === 'ERR_JWT_EXPIRED' ? 'token has invalid claims: token is expired' : String((error as Error).message));
  }
}

/** A short-lived signed value (OAuth state, the local Google code): HS256 with the secret. */
export async function signValue(payload: JWTPayload, keys: SigningKeys, now: Date, expiresIn: number): Promise<string> {
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT(payload)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(iat)
    .setExpirationTime(iat + expiresIn)
    .sign(keys.secret);
}

export async function verifyValue<T>(value: string, keys: SigningKeys, now: Date): Promise<(T & JWTPayload) | null> {
  try {
    return (await jwtVerify(value, keys.secret, { algorithms: ['HS256'], currentDate: now })).payload as T & JWTPayload;
  } catch {
    return null;
  }
}

const alphabet = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** An opaque refresh token: 16 random alphanumerics (GoTrue's are 12). */
export function newRefreshToken(length = 16): string {
  const bytes = randomBytes(length * 2);
  let out = '';
  for (const byte of bytes) {
    // Rejection sampling keeps the characters uniform (252 = 7 * 36).
    if (byte < 252) out += alphabet[byte % alphabet.length];
    if (out.length === length) break;
  }
  return out.length === length ? out : newRefreshToken(length);
}
