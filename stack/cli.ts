import path from 'node:path';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'vite';
import { ensureClientBuild } from './build.ts';
import { defaultDataDir, legacyDataDir, loadConfig, rootDir } from './config.ts';
import { clearLockFile } from './db.ts';
import { startStack, type RunningStack } from './index.ts';
import { startWeb } from './web.ts';
import { asExports, generateKeys } from './keys.ts';
import { regenerateSchemaFile } from './schema/index.ts';
import { tutorConfig } from '../supabase/functions/_shared/tutor/config.ts';

const usage = `Usage: tsx stack/cli.ts <command>
  start   the local stack and the production web app, built when its sources changed (\`npm start\`)
  dev     the local stack and Vite's dev server with hot reload (\`npm run dev\`)
  stack   the local stack only (Postgres, /functions/v1, /api)
  reset   delete the local database and storage files; the next start re-creates and re-seeds them
  schema  write supabase/schema/schema.sql: the migrations applied to a throwaway Postgres,
          read back from its catalogs, and beside it live-events.md, the live events'
          list from the contract (\`npm run db:schema\`)
  keys    print a fresh JWT secret, anon and service-role keys signed with it, and a
          publishable/secret key pair, as shell exports (for self-hosting: JERGA_HOST)`;

/**
 * Deletes the folder the next start would use: JERGA_DATA_DIR, or the default one and the
 * old <repo>/.jerga/db (which a start would otherwise move into place again), and Storage's
 * files (JERGA_STORAGE_DIR, or `storage` beside the database folder).
 */
async function reset(): Promise<void> {
  const { dataDir, storageDir } = loadConfig();
  const isDefault = path.resolve(dataDir) === defaultDataDir();
  const folders = [path.resolve(dataDir), ...(isDefault ? [legacyDataDir] : [])].filter((dir) => existsSync(dir));
  const storage = existsSync(storageDir) ? path.resolve(storageDir) : undefined;
  if (!folders.length && !storage) {
    console.log(`Nothing to remove: ${path.resolve(dataDir)} does not exist`);
    return;
  }
  // Refuses while a running stack uses it; stops a Postgres a killed stack left behind.
  for (const dir of folders) await clearLockFile(dir, undefined, console.log);
  // Storage's files belong to the database's rows: they go with it.
  for (const dir of [...folders, ...(storage ? [storage] : [])]) {
    await fs.rm(dir, { recursive: true, force: true });
    console.log(`Removed ${dir}`);
  }
  // The per-checkout folder (or .jerga/) is left empty: tidy it, never anything with files.
  for (const dir of [...folders, ...(storage ? [storage] : [])]) await fs.rmdir(path.dirname(dir)).catch(() => {});
}

/**
 * `npm start` runs this file under tsx's CLI, a parent that only relays signals. If that
 * parent is killed (kill -9 of the pid `ps` shows for npm start), nobody could stop us
 * any more: notice, and shut down as on Ctrl-C.
 */
function stopWhenTsxParentDies(stop: () => void): void {
  const parent = process.ppid;
  let command = '';
  try {
    command = readFileSync(`/proc/${parent}/cmdline`, 'utf8');
  } catch {
    return; // no /proc: not Linux, nothing to watch
  }
  if (!command.split('\0').some((arg) => /(^|\/)tsx(\/dist\/cli\.m?js)?$/.test(arg))) return;
  setInterval(() => {
    if (process.ppid === parent) return;
    console.log('\nThe tsx process that started the stack is gone.');
    stop();
  }, 1_000).unref();
}

/** postgres.js's write to a connection whose socket is already gone (see below). */
function isPostgresJsClosedSocketWrite(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    /reading 'write'/.test(error.message) &&
    /[\\/]postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '') &&
    /\bnextWrite\b/.test(error.stack ?? '')
  );
}

/**
 * postgres.js 3.4.9 throws from a timer when a connection dies inside a transaction and
 * the ROLLBACK is written to its closed socket (porsager/postgres#1066, #1208): nobody can
 * catch it where the query was made, Node would end the stack over it, and the connection
 * stays broken. Postgres dying is something the stack recovers from, so survive that one
 * error and give the functions fresh pools; any other uncaught error still ends the process.
 */
function surviveClosedSocketWrites(stack: RunningStack): void {
  let renewing = false;
  process.on('uncaughtException', (error) => {
    if (!isPostgresJsClosedSocketWrite(error)) {
      console.error(error);
      process.exit(1);
    }
    if (renewing) return; // one renewal covers every connection that broke with it
    renewing = true;
    console.error("A database connection broke inside postgres.js (porsager/postgres#1208); renewing the database pools");
    stack
      .renewPools()
      .catch((renewError: unknown) => console.error(`Could not renew the database pools: ${String(renewError)}`))
      .finally(() => (renewing = false));
  });
}

interface WebApp {
  url: string;
  close(): Promise<void>;
}

/** The production build, rebuilt only when its inputs changed, served with the gateway behind it. */
async function startProductionWeb(stack: RunningStack): Promise<WebApp> {
  offerGoogleAsConfigured(stack);
  const build = await ensureClientBuild();
  // JERGA_HOST (self-hosting) moves the web server off loopback too; by default it stays on localhost.
  const host = process.env.JERGA_HOST ? stack.config.host : undefined;
  const web = await startWeb({ host, apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
  return { url: `${web.url}/`, close: web.close };
}

/** With Google sign-in off (JERGA_GOOGLE=off), the app's build leaves out its button. */
function offerGoogleAsConfigured(stack: RunningStack): void {
  if (stack.config.google === 'off') process.env.VITE_GOOGLE_SIGN_IN = 'off';
}

/** Vite's dev server (hot reload); vite.config.ts proxies the API paths to the gateway. */
async function startDevWeb(stack: RunningStack): Promise<WebApp> {
  offerGoogleAsConfigured(stack);
  const vite = await createServer({ root: rootDir, configFile: path.join(rootDir, 'vite.config.ts') });
  await vite.listen();
  return { url: vite.resolvedUrls?.local[0] ?? 'http://localhost:5173/', close: () => vite.close() };
}

const commands = ['start', 'dev', 'stack'];

async function main(command: string | undefined): Promise<void> {
  if (command === 'reset') return reset();
  if (command === 'keys') return void console.log(asExports(await generateKeys()));
  if (command === 'schema') return regenerateSchemaFile(console.log);
  if (!command || !commands.includes(command)) {
    console.log(usage);
    process.exitCode = command ? 1 : 0;
    return;
  }
  const stack = await startStack();
  surviveClosedSocketWrites(stack);
  if (stack.applied.length) console.log(`Applied ${stack.applied.length} migration(s)${stack.seeded ? ' and the seed' : ''}.`);
  let web: WebApp | undefined;
  try {
    web = command === 'start' ? await startProductionWeb(stack) : command === 'dev' ? await startDevWeb(stack) : undefined;
  } catch (error) {
    await stack.stop();
    throw error;
  }

  console.log(`
  Jerga is running${stack.config.databaseUrl ? ' (external database)' : ''}
    Database   ${stack.dbUrl}${stack.dataDir ? `\n    Data       ${stack.dataDir}` : ''}
    API        ${stack.apiUrl}   (/auth/v1, /functions/v1/api, /api)
    ${web ? `Web app    ${web.url}${command === 'dev' ? '   (Vite dev server, hot reload)' : ''}` : ''}
    Mail       ${stack.mailDescription}
    Tutor      ${tutorMode()}
  Press Ctrl-C to stop.`);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    console.log('\nStopping...');
    await web?.close();
    await stack.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  stopWhenTsxParentDies(stop);
}

main(process.argv[2]).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});

/** What the tutor will answer with: the edge function reads the same variables per request. */
function tutorMode(): string {
  const tutor = tutorConfig();
  if (!tutor.apiKey) return 'offline (set OPENAI_API_KEY to use a model; see README)';
  return `${tutor.model} at ${tutor.baseURL ?? 'https://api.openai.com/v1'}`;
}
