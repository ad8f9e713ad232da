import postgres from 'postgres';
import { env } from './env.ts';
import type { Caller } from './auth.ts';

export type Sql = postgres.Sql;
export type Tx = postgres.TransactionSql;

let pool: Sql | undefined;

/**
 * postgres.js sends a timestamptz parameter through `new Date(x).toISOString()`, which cuts
 * Postgres's microseconds to milliseconds. A keyset cursor such as `15:03:22.02181` came
 * back as `15:03:22.021`, and the next page skipped every row in between. A timestamp the
 * client sent as text goes to Postgres whole; a Date is sent as before. Parsing is unchanged.
 */
const exactTimestamps = {
  to: 1184,
  from: [1082, 1114, 1184],
  serialize: (value: unknown) => (typeof value === 'string' ? value : (value instanceof Date ? value : new Date(value as number)).toISOString()),
  parse: (value: string) => new Date(value),
};
let timeouts: Promise<Map<string, string>> | undefined;

/**
 * The function's pool. It logs in as API_DB_URL's role — `authenticator` locally, a login
 * role that may only become anon or authenticated (README) — falling back to the
 * SUPABASE_DB_URL the edge runtime provides. postgres.js reconnects by itself once the
 * database is back; until then queries fail fast and become 503s.
 */
function db(): Sql {
  const url = env('API_DB_URL') ?? env('SUPABASE_DB_URL') ?? 'postgresql://authenticator:postgres@127.0.0.1:54322/postgres';
  pool ??= postgres(url, {
    max: Number(env('API_DB_POOL_SIZE') ?? 10),
    idle_timeout: 30,
    connect_timeout: 5,
    onnotice: () => {},
    connection: { application_name: 'jerga-api' },
    // Supabase's transaction pooler (port 6543) cannot keep prepared statements.
    prepare: !/:6543\//.test(url),
    types: { date: exactTimestamps },
  });
  return pool;
}

/**
 * Each API role's statement_timeout (Supabase: anon 3 s, authenticated 8 s). A role's
 * settings apply at login, not on `set role`, so like PostgREST we read them once and set
 * them per transaction; a database-specific setting wins over a role-wide one.
 */
function statementTimeouts(sql: Sql): Promise<Map<string, string>> {
  timeouts ??= sql<{ role: string; value: string }[]>`
      select r.rolname as role, split_part(setting, '=', 2) as value
        from pg_catalog.pg_db_role_setting s
        join pg_catalog.pg_roles r on r.oid = s.setrole
        cross join lateral unnest(s.setconfig) as setting
       where r.rolname in ('anon', 'authenticated')
         and setting like 'statement_timeout=%'
         and s.setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
       order by s.setdatabase`
    .then((rows) => new Map(rows.map((row) => [row.role, row.value])))
    .catch((error: unknown) => {
      timeouts = undefined; // try again on the next request
      throw error;
    });
  return timeouts;
}

/**
 * Runs `work` as the caller, the way PostgREST does: one transaction with the caller's
 * role, JWT claims, address (request.headers) and statement_timeout set locally, so row-
 * level security decides what they may see and do. A signed-in caller's session must
 * still exist (private.assert_session), checked in the same transaction.
 */
export async function asCaller<T>(caller: Caller, work: (tx: Tx) => Promise<T>, address: string | null = null): Promise<T> {
  const sql = db();
  const timeout = (await statementTimeouts(sql)).get(caller.role) ?? null;
  const headers = JSON.stringify(address ? { 'x-forwarded-for': address } : {});
  const result = await sql.begin(async (tx) => {
    await tx`select set_config('role', ${caller.role}, true),
                    set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                    set_config('request.headers', ${headers}, true),
                    set_config('statement_timeout', coalesce(${timeout}::text, current_setting('statement_timeout')), true)`;
    if (caller.role === 'authenticated') await tx`select private.assert_session()`;
    return work(tx);
  });
  return result as T;
}

/**
 * Ends the pool. The next request opens a new one at once: the old pool is forgotten before
 * it finishes closing (the stack renews pools this way after a Postgres restart).
 */
export async function closeDb(): Promise<void> {
  const closing = pool;
  pool = undefined;
  timeouts = undefined;
  await closing?.end({ timeout: 5 });
}
