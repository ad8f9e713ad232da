import { isIP } from 'node:net';
import { jwtVerify } from 'jose';
import postgres from 'postgres';
import {
  LOCAL_ANON_KEY,
  LOCAL_JWT_SECRET,
  LOCAL_SECRET_KEY,
  LOCAL_SERVICE_ROLE_KEY,
  type StackConfig,
} from './config.ts';

/** Whether `host` only accepts connections from this machine. */
export function isLoopbackHost(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost') return true;
  if (isIP(bare) === 4) return bare.startsWith('127.');
  if (isIP(bare) === 6) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
}

/** Whether `token` is an HS256 JWT signed with `secret` whose role is `role`. */
async function signedFor(token: string, secret: string, role: string): Promise<boolean> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(secret), { algorithms: ['HS256'] });
    return payload.role === role;
  } catch {
    return false;
  }
}

/**
 * What must change before the stack may listen beyond loopback: every well-known development
 * secret (they are published in Supabase's docs and in this repository, so anyone could sign
 * tokens or call the admin API with them) and the Google stand-in (it vouches for nobody).
 * The publishable key is public by design, so the development one may stay.
 * Empty when the configuration is fit to face a network. Each line names what to set.
 */
export async function selfHostingProblems(config: StackConfig): Promise<string[]> {
  const problems: string[] = [];
  const secretIsLocal = config.jwtSecret === LOCAL_JWT_SECRET;
  if (secretIsLocal || config.jwtSecret.length < 32) {
    problems.push('JWT_SECRET: a random secret of at least 32 characters (not the development one)');
  }
  if (config.anonKey === LOCAL_ANON_KEY || secretIsLocal || !(await signedFor(config.anonKey, config.jwtSecret, 'anon'))) {
    problems.push('SUPABASE_ANON_KEY: a JWT with role "anon" signed with JWT_SECRET');
  }
  if (
    config.serviceRoleKey === LOCAL_SERVICE_ROLE_KEY ||
    secretIsLocal ||
    !(await signedFor(config.serviceRoleKey, config.jwtSecret, 'service_role'))
  ) {
    problems.push('SUPABASE_SERVICE_ROLE_KEY: a JWT with role "service_role" signed with JWT_SECRET');
  }
  if (config.secretKeys.includes(LOCAL_SECRET_KEY)) {
    problems.push('SUPABASE_SECRET_KEY (or SUPABASE_SECRET_KEYS): your own sb_secret_… key (not the development one)');
  }
  if (config.google === undefined) {
    problems.push(
      'GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET for real Google sign-in, or JERGA_GOOGLE=off (the local Google stand-in page proves no address)',
    );
  }
  return problems;
}

/** Refuses to start beyond loopback on development secrets, with one message listing what to set. */
export async function assertFitForHost(config: StackConfig): Promise<void> {
  if (isLoopbackHost(config.host)) return;
  const problems = await selfHostingProblems(config);
  if (!problems.length) return;
  throw new Error(
    [
      `Refusing to listen on ${config.host}: beyond this machine the development secrets would let anyone in.`,
      'Set (`npx tsx stack/cli.ts keys` prints fresh values):',
      ...problems.map((problem) => `  - ${problem}`),
      'Or listen on loopback only (unset JERGA_HOST).',
    ].join('\n'),
  );
}

/** The admin supabase/seed.sql creates, with the password the README publishes. */
export const SEEDED_ADMIN = { email: 'admin@jerga.local', password: 'jerga-admin-2026' } as const;

/**
 * Beyond loopback, the seeded admin must not keep its published password: anyone could sign
 * in as an administrator. Checked once the database is ready (bcrypt in SQL, as Auth does).
 */
export async function assertSeededAdminChanged(config: StackConfig, databaseUrl: string): Promise<void> {
  if (isLoopbackHost(config.host)) return;
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql`
      select 1 from auth.users
       where lower(email) = ${SEEDED_ADMIN.email} and deleted_at is null
         and encrypted_password = extensions.crypt(${SEEDED_ADMIN.password}, encrypted_password)`;
    if (rows.length) {
      throw new Error(
        [
          `Refusing to listen on ${config.host}: the seeded admin ${SEEDED_ADMIN.email} still has the password the README publishes.`,
          'Start once on loopback (without JERGA_HOST), sign in as that admin and change its password on /account',
          '(or delete the account after making another admin), then start again.',
        ].join('\n'),
      );
    }
  } finally {
    await sql.end({ timeout: 5 });
  }
}
