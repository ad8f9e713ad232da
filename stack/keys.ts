import { randomBytes } from 'node:crypto';
import { SignJWT } from 'jose';

/** Fresh secrets for self-hosting: what `npx tsx stack/cli.ts keys` prints, ready to export. */
export interface GeneratedKeys {
  JWT_SECRET: string;
  SUPABASE_ANON_KEY: string;
  SUPABASE_SERVICE_ROLE_KEY: string;
  SUPABASE_PUBLISHABLE_KEY: string;
  SUPABASE_SECRET_KEY: string;
  /** What the web app's build sends as its key: the publishable key (a guest, like the anon key). */
  VITE_SUPABASE_ANON_KEY: string;
}

/** Ten years, like the role keys `supabase start` prints: they are rotated by changing JWT_SECRET. */
const ROLE_KEY_LIFETIME_SECONDS = 10 * 365 * 24 * 3600;

/** A role JWT as Supabase issues its anon and service_role keys (HS256 with the JWT secret). */
async function roleKey(role: 'anon' | 'service_role', secret: string, now: number): Promise<string> {
  return new SignJWT({ role })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('supabase')
    .setIssuedAt(now)
    .setExpirationTime(now + ROLE_KEY_LIFETIME_SECONDS)
    .sign(new TextEncoder().encode(secret));
}

export async function generateKeys(now = Math.floor(Date.now() / 1000)): Promise<GeneratedKeys> {
  // 48 random bytes: 64 characters, well past the 32 Auth requires.
  const jwtSecret = randomBytes(48).toString('base64url');
  const publishable = `sb_publishable_${randomBytes(24).toString('base64url')}`;
  return {
    JWT_SECRET: jwtSecret,
    SUPABASE_ANON_KEY: await roleKey('anon', jwtSecret, now),
    SUPABASE_SERVICE_ROLE_KEY: await roleKey('service_role', jwtSecret, now),
    SUPABASE_PUBLISHABLE_KEY: publishable,
    SUPABASE_SECRET_KEY: `sb_secret_${randomBytes(24).toString('base64url')}`,
    VITE_SUPABASE_ANON_KEY: publishable,
  };
}

/** `export NAME='value'` lines for a shell (the values hold no quote). */
export const asExports = (keys: GeneratedKeys) =>
  Object.entries(keys)
    .map(([name, value]) => `export ${name}='${value}'`)
    .join('\n');
