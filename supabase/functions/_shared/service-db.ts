import postgres from 'postgres';
import { env } from './env.ts';
import type { Tx } from './db.ts';

let pool: postgres.Sql | undefined;

/**
 * The database as the service role, for scheduled work that no user asked for (the storage
 * sweep). Its own small pool: SWEEP_DB_URL, a login role that may become service_role, else
 * the SUPABASE_DB_URL the edge runtime provides. Never the api function's login (API_DB_URL
 * may become only anon and authenticated).
 */
function db(): postgres.Sql {
  const url = env('SWEEP_DB_URL') ?? env('SUPABASE_DB_URL') ?? 'postgresql://authenticator:postgres@127.0.0.1:54322/postgres';
  pool ??= postgres(url, {
    max: 2,
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'jerga-sweep' },
    prepare: !/:6543\//.test(url),
  });
  return pool;
}

/** Runs `work` in one transaction as service_role, with a service role's claims. */
export async function asService<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const result = await db().begin(async (tx) => {
    await tx`select set_config('role', 'service_role', true),
                    set_config('request.jwt.claims', ${JSON.stringify({ role: 'service_role' })}, true),
                    set_config('statement_timeout', '30s', true)`;
    return work(tx);
  });
  return result as T;
}

/** Ends the pool (the stack stops or renews pools); the next call opens a new one. */
export async function closeServiceDb(): Promise<void> {
  const closing = pool;
  pool = undefined;
  await closing?.end({ timeout: 5 });
}
