import postgres from 'postgres';
import { SERVICE, type Role, type StorageCaller } from './callers.ts';
import { fromDatabaseError } from './errors.ts';

/** Thrown inside a transaction to roll it back on purpose (the trial write of canUpload). */
export class Rollback extends Error {}

/** A connection pool for Storage; with `role`, its connections are that role from the start. */
const connect = (databaseUrl: string, role?: Role) =>
  postgres(databaseUrl, {
    max: 10,
    idle_timeout: 30,
    // An unreachable database answers 503 in seconds rather than holding uploads for 30.
    connect_timeout: 5,
    onnotice: () => {},
    // The service's own reads (buckets, public objects) run on connections that are
    // service_role from the start: one round trip, no transaction.
    connection: { application_name: 'jerga-storage', ...(role ? { role, statement_timeout: 8000 } : {}) },
  });

/** Within a transaction, act as another caller from here on. */
export const become = (tx: postgres.TransactionSql, caller: StorageCaller) =>
  tx`select set_config('role', ${caller.role}, true), set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true)`;

/**
 * Storage's database: a pool whose transactions become each caller, and one that is
 * service_role from the start for the service's own reads. Renewed and closed together.
 */
export class StorageDatabase {
  private sql: postgres.Sql;
  private serviceSql: postgres.Sql;

  constructor(private readonly databaseUrl: string) {
    this.sql = connect(databaseUrl);
    this.serviceSql = connect(databaseUrl, 'service_role');
  }

  /** A read as `caller`: straight on the service's connections for the service, else in a transaction as the caller. */
  async read<T>(caller: StorageCaller, work: (q: postgres.Sql | postgres.TransactionSql) => Promise<T>): Promise<T> {
    if (caller !== SERVICE) return this.asCaller(caller, work);
    try {
      return await work(this.serviceSql);
    } catch (error) {
      throw fromDatabaseError(error) ?? error;
    }
  }

  /**
   * Runs `work` in one transaction as `caller`: its role and its claims (request.jwt.claims,
   * what auth.uid() and private.session_is_live() read), so RLS decides. service_role
   * bypasses RLS. `deletes` lets DELETE through storage.protect_delete, as the Storage API does.
   */
  async asCaller<T>(caller: StorageCaller, work: (tx: postgres.TransactionSql) => Promise<T>, deletes = false): Promise<T> {
    try {
      return (await this.sql.begin(async (tx) => {
        await tx`select set_config('role', ${caller.role}, true),
                        set_config('request.jwt.claims', ${JSON.stringify(caller.claims)}, true),
                        set_config('storage.allow_delete_query', ${deletes ? 'true' : 'false'}, true),
                        set_config('statement_timeout', '8s', true)`;
        return work(tx);
      })) as T;
    } catch (error) {
      if (error instanceof Rollback) throw error;
      throw fromDatabaseError(error) ?? error;
    }
  }

  /** New pools (after the database restarted); the old ones end. */
  async renew(): Promise<void> {
    const old = [this.sql, this.serviceSql];
    this.sql = connect(this.databaseUrl);
    this.serviceSql = connect(this.databaseUrl, 'service_role');
    await Promise.all(old.map((pool) => pool.end({ timeout: 5 })));
  }

  async close(): Promise<void> {
    await Promise.all([this.sql, this.serviceSql].map((pool) => pool.end({ timeout: 5 })));
  }
}
