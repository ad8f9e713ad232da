import { randomBytes, randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { freePort } from '../../stack/free-port.ts';

// Crash recovery of the stack exactly as `npm run stack` runs it: a child process on its
// own ports and data folder, killed with SIGKILL in the middle of a write load.

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));


function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  // A zombie still answers kill(0); nobody may reap it soon (pid 1 here is no init).
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return !/^[ZX]$/.test(stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3));
  } catch {
    return false;
  }
}

function parentOf(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
}

function commandLineOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ');
  } catch {
    return '';
  }
}

let dataDir = '';
let dbPort = 0;
let apiPort = 0;
let apiUrl = '';
const started: ChildProcess[] = [];
const output: string[] = [];

function postmasterPid(): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return pid > 0 ? pid : undefined;
}

/** `npm run stack`, as a child in its own process group so cleanup can end all of it. */
function startStackProcess(): ChildProcess {
  const env: NodeJS.ProcessEnv = { ...process.env, JERGA_DATA_DIR: dataDir, JERGA_DB_PORT: String(dbPort), JERGA_API_PORT: String(apiPort), JERGA_MAIL_PORT: '0', JERGA_SMTP_PORT: '0' };
  delete env.DATABASE_URL;
  delete env.JERGA_API_DB_URL;
  const child = spawn(path.join(rootDir, 'node_modules', '.bin', 'tsx'), ['stack/cli.ts', 'stack'], {
    cwd: rootDir,
    env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const number = started.push(child);
  const record = (chunk: Buffer) => output.push(...chunk.toString('utf8').trimEnd().split('\n').map((line) => `[${number}] ${line}`));
  child.stdout?.on('data', record);
  child.stderr?.on('data', record);
  return child;
}

function exited(child: ChildProcess): boolean {
  return child.exitCode !== null || child.signalCode !== null;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (exited(child)) return Promise.resolve(true);
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve(true);
    });
  });
}

async function health(): Promise<number> {
  try {
    return (await fetch(`${apiUrl}/health`, { signal: AbortSignal.timeout(2_000) })).status;
  } catch {
    return 0;
  }
}

async function waitForHealth(child: ChildProcess, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (exited(child)) throw new Error(`the stack exited (${child.exitCode ?? child.signalCode}):\n${output.join('\n')}`);
    if ((await health()) === 200) return;
    await sleep(200);
  }
  throw new Error(`the stack did not answer /health within ${ms} ms:\n${output.join('\n')}`);
}

async function register(): Promise<string> {
  const password = `Jg-${randomBytes(15).toString('base64url')}`;
  const reply = await fetch(`${apiUrl}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'Crash Tester', email: `crash-${randomUUID().slice(0, 8)}@test.jerga.local`, password, confirmPassword: password }),
  });
  const body = (await reply.json()) as { session?: { access_token?: string } };
  expect(reply.status, JSON.stringify(body)).toBe(201);
  expect(body.session?.access_token).toBeTruthy();
  return body.session!.access_token!;
}

interface WriteLoad {
  /** Ids of the entries whose creation was acknowledged with a 2xx. */
  acknowledged: string[];
  /** Status of every refused write (0: no answer at all), in order. */
  refused: number[];
  stop(): Promise<void>;
}

/**
 * One new entry from one of many visitors (a guest at its own address, as the gateway hears
 * it from a trusted proxy): the load is a busy site, so no one account or address meets its
 * write limit, and every refusal the test sees is the outage's.
 */
function addEntry(label: string): Promise<Response> {
  const visitor = `198.19.${randomBytes(1)[0]}.${(randomBytes(1)[0] % 254) + 1}`;
  return fetch(`${apiUrl}/api/content/addContent`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': visitor },
    body: JSON.stringify({ title: `crash ${label} ${randomUUID().slice(0, 8)}`, description: 'Written under load', country: 'AR', author: 'Crash test' }),
    signal: AbortSignal.timeout(10_000),
  });
}

function startWriteLoad(workers = 4): WriteLoad {
  const load: WriteLoad = { acknowledged: [], refused: [], stop: async () => {} };
  let running = true;
  const worker = async (index: number) => {
    while (running) {
      try {
        const reply = await addEntry(`w${index}`);
        const body = (await reply.json().catch(() => ({}))) as { data?: { _id?: string } };
        if (reply.ok && body.data?._id) load.acknowledged.push(body.data._id);
        else {
          load.refused.push(reply.status);
          await sleep(50);
        }
      } catch {
        load.refused.push(0);
        await sleep(50);
      }
    }
  };
  const done = Promise.all(Array.from({ length: workers }, (_, index) => worker(index)));
  load.stop = async () => {
    running = false;
    await done;
  };
  return load;
}

async function waitUntil(condition: () => boolean | Promise<boolean>, ms: number, what: string): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${output.join('\n')}`);
    await sleep(50);
  }
}

/** Every acknowledged id, read back from the database itself. */
async function missingEntries(ids: string[]): Promise<string[]> {
  const sql = postgres(`postgresql://postgres:postgres@127.0.0.1:${dbPort}/postgres`, { max: 1, onnotice: () => {} });
  try {
    const rows = await sql<{ id: string }[]>`select id::text from public.entries where id = any(${ids}::uuid[])`;
    const found = new Set(rows.map((row) => row.id));
    return ids.filter((id) => !found.has(id));
  } finally {
    await sql.end();
  }
}

/** Lets this test run when the one before failed and left no stack running. */
async function restartAfterFailure(): Promise<void> {
  const pid = postmasterPid();
  if (pid && isAlive(pid)) {
    process.kill(pid, 'SIGKILL');
    await waitUntil(() => !isAlive(pid), 10_000, 'the old postmaster to die');
  }
  await fs.rm(path.join(dataDir, 'postmaster.pid'), { force: true });
  stackProcess = startStackProcess();
  await waitForHealth(stackProcess);
}

let stackProcess: ChildProcess;
let token = '';

beforeAll(async () => {
  dataDir = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-recovery-')), 'db');
  [dbPort, apiPort] = [await freePort(), await freePort()];
  apiUrl = `http://127.0.0.1:${apiPort}`;
  stackProcess = startStackProcess();
  await waitForHealth(stackProcess);
  token = await register();
}, 90_000);

afterAll(async () => {
  for (const child of started) {
    try {
      if (child.pid && !exited(child)) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
  // A postmaster left behind by a failed run is not in any group we started last.
  const pid = dataDir ? postmasterPid() : undefined;
  if (pid && isAlive(pid) && commandLineOf(pid).includes(dataDir)) process.kill(pid, 'SIGKILL');
  if (dataDir) await fs.rm(path.dirname(dataDir), { recursive: true, force: true });
});

describe('the stack process', () => {
  // What the stack printed is the first thing to read when one of these fails.
  beforeEach(() => onTestFailed(() => console.log(output.join('\n'))));

  it('comes back after SIGKILL with every acknowledged write, stopping the Postgres it left behind', async () => {
    const load = startWriteLoad();
    await waitUntil(() => load.acknowledged.length >= 20, 20_000, '20 acknowledged writes');

    const postmaster = postmasterPid()!;
    const stack = parentOf(postmaster);
    expect(commandLineOf(stack)).toContain('stack/cli.ts');
    process.kill(stack, 'SIGKILL');
    if (stackProcess.pid && !exited(stackProcess)) process.kill(stackProcess.pid, 'SIGKILL');
    await load.stop();
    expect(await waitForExit(stackProcess, 10_000)).toBe(true);
    expect(isAlive(postmaster), 'SIGKILL of the stack leaves its postmaster running').toBe(true);

    stackProcess = startStackProcess();
    await waitForHealth(stackProcess);
    expect(isAlive(postmaster)).toBe(false);
    expect(postmasterPid()).not.toBe(postmaster);

    expect(await missingEntries(load.acknowledged)).toEqual([]);
    const last = load.acknowledged[load.acknowledged.length - 1];
    const reply = await fetch(`${apiUrl}/api/content/getContentById/${last}`, { headers: { authorization: `Bearer ${token}` } });
    expect(reply.status).toBe(200);
  }, 60_000);

  it('brings Postgres back by itself when the postmaster dies, and keeps answering meanwhile', async () => {
    if (exited(stackProcess)) await restartAfterFailure();
    const load = startWriteLoad();
    await waitUntil(() => load.acknowledged.length >= 10, 20_000, '10 acknowledged writes');
    const postmaster = postmasterPid()!;
    const stack = parentOf(postmaster);
    const refusedBefore = load.refused.length;
    process.kill(postmaster, 'SIGKILL');

    // While Postgres is down: the gateway answers, /api refuses, nothing crashes.
    await waitUntil(() => load.refused.slice(refusedBefore).some((status) => status > 0), 10_000, 'a refused write');
    expect(await health()).toBe(200);
    const outage = load.refused.slice(refusedBefore);
    expect(outage.every((status) => status < 200 || status > 299)).toBe(true);
    expect(outage.filter((status) => status > 0).every((status) => status === 503), `statuses during the outage: ${outage}`).toBe(true);

    // Back by itself: new writes succeed.
    await waitUntil(() => postmasterPid() !== undefined && postmasterPid() !== postmaster, 30_000, 'a new postmaster');
    const acknowledgedBefore = load.acknowledged.length;
    await waitUntil(() => load.acknowledged.length >= acknowledgedBefore + 10, 30_000, 'writes after the restart');
    await load.stop();
    expect(isAlive(stack), 'the stack process survives').toBe(true);
    expect(exited(stackProcess)).toBe(false);
    expect(output.join('\n')).toMatch(/Postgres (exited|stopped) unexpectedly/);

    expect(await missingEntries(load.acknowledged)).toEqual([]);

    // An intended stop is not a crash: SIGTERM ends the stack and its Postgres, no restart.
    const current = postmasterPid()!;
    process.kill(stackProcess.pid!, 'SIGTERM');
    expect(await waitForExit(stackProcess, 20_000)).toBe(true);
    await waitUntil(() => !isAlive(current) && !isAlive(stack), 10_000, 'Postgres and the stack to stop');
  }, 60_000);
});
