import postgres from 'postgres';
import { env } from './env.ts';
import type { Caller } from './auth.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

let pool: Sql | undefined;

function db(): Sql {
  pool ??= postgres(env('SUPABASE_DB_URL') ?? 'postgresql://postgres:postgres@127.0.0.1:54322/postgres', {
    max: Number(env('API_DB_POOL_SIZE') ?? 10),
    idle_timeout: 30,
    onnotice: () => {},
    // Supabase's transaction pooler (port 6543) cannot keep prepared statements.
    prepare: !/:6543\//.test(env('SUPABASE_DB_URL') ?? ''),
  });
  return pool;
}

/**
 * Runs `work` as the caller, the way PostgREST does: one transaction, the caller's role
 * and JWT claims set locally, so row-level security decides what they may see and do.
 */
export async function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db().begin(async (tx) => {
    await tx`select set_config('role', ${caller.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;
    return work(tx);
  });
  return result as T;
}

export async function closeDb(): Promise<void> {
  await pool?.end({ timeout: 5 });
  pool = undefined;
}
