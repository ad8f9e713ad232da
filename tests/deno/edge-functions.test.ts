import { execFile, spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../stack/config.ts';
import { startFakeOpenAI, type FakeOpenAI } from '../support/fake-openai.ts';
import { readEvents } from '../support/sse.ts';
import { closeAdminSql, createUser, stack } from '../support/stack.ts';

// The same function code under real Deno (the `deno` npm package), as Supabase runs it.
const deno = path.join(rootDir, 'node_modules', '.bin', 'deno');
const functionsDir = path.join(rootDir, 'supabase', 'functions');
const run = promisify(execFile);

let server: ChildProcess | undefined;
let sweepServer: ChildProcess | undefined;
let fake: FakeOpenAI | undefined;
/** Where the Deno-served function listens, once the serve test started it. */
let base = '';
afterAll(async () => {
  server?.kill();
  sweepServer?.kill();
  await fake?.close();
  await closeAdminSql();
});

async function waitForListening(child: ChildProcess): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`deno did not start:\n${output}`)), 60_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Listening on')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`deno exited with ${code}:\n${output}`));
    });
  });
}

describe('edge functions under Deno', () => {
  it('type-check with deno check', async () => {
    // execFile rejects on a non-zero exit, which is how deno check reports type errors. The
    // server-rendered pages are checked too: a hosting function would run them under Deno.
    const checked = run(deno, ['check', '--config', 'deno.json', 'api/index.ts', 'sweep/index.ts', 'reminders/index.ts', 'pages/index.ts'], { cwd: functionsDir, env: { ...process.env, NO_COLOR: '1' } });
    await expect(checked).resolves.toMatchObject({ stderr: expect.not.stringMatching(/error/i) });
  }, 120_000);

  it('serve /api through Deno.serve against the test database', async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    // The tutor talks to a fake chat-completions server (the chat test below).
    fake = await startFakeOpenAI();
    server = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'deno.json', 'api/index.ts'], {
      cwd: functionsDir,
      env: {
        ...process.env,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        SUPABASE_URL: stack().apiUrl,
        SUPABASE_DB_URL: stack().dbUrl,
        // As in production: the function logs in as a role that can only become anon or authenticated.
        API_DB_URL: Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString(),
        JWT_SECRET: stack().jwtSecret,
        OPENAI_API_KEY: 'sk-deno-smoke',
        OPENAI_BASE_URL: fake.url,
        OPENAI_MODEL: 'fake-tutor',
        NO_COLOR: '1',
      },
    });
    await waitForListening(server);
    base = `http://127.0.0.1:${port}`;
    const headers = { authorization: `Bearer ${stack().anonKey}`, 'content-type': 'application/json' };

    const title = `deno ${Date.now()}`;
    const added = await fetch(`${base}/api/content/addContent`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title, description: 'Added through Deno.serve', country: 'ES', author: 'Deno smoke test' }),
    });
    expect(added.status).toBe(201);
    const { data: entry } = (await added.json()) as { data: { _id: string; owner: string | null } };
    expect(entry.owner).toBeNull();

    const list = await fetch(`${base}/api/content/getContentsSortedByVoteDesc?limit=2&q=${encodeURIComponent(title)}`, { headers });
    expect(list.status).toBe(200);
    const body = (await list.json()) as { data: { _id: string }[]; nextCursor: string | null };
    expect(body).toEqual({ data: [expect.objectContaining({ _id: entry._id })], nextCursor: null });

    const bad = await fetch(`${base}/api/content/addContent`, { method: 'POST', headers, body: JSON.stringify({ title: '' }) });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { errors: Record<string, string> }).errors.title).toBe('Please enter a title.');

    const preflight = await fetch(`${base}/api/content/addContent`, {
      method: 'OPTIONS',
      headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-credentials')).toBeNull();
  }, 120_000);

  it('stream a tutor reply from the model through npm:openai under Deno', async () => {
    expect(base).not.toBe('');
    const learner = await createUser();
    const headers = { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json' };
    const created = await fetch(`${base}/api/chat/new`, { method: 'POST', headers, body: '{}' });
    expect(created.status).toBe(201);
    // palabrotas' reply: the chat itself.
    const chat = (await created.json()) as { _id: string };

    const sent = await fetch(`${base}/api/chat/send`, {
      method: 'POST',
      headers: { ...headers, accept: 'text/event-stream' },
      body: JSON.stringify({ chatId: chat._id, message: '¿Qué significa chamba?' }),
    });
    expect(sent.status).toBe(200);
    expect(sent.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const events = await readEvents(sent);
    expect(events.filter((event) => event.event === 'delta').length).toBeGreaterThan(3);
    expect(events.at(-1)).toMatchObject({ event: 'done', data: { reply: { role: 'assistant', model: 'fake-tutor' } } });
    expect(events.at(-1)!.data.reply.citations).toEqual([expect.objectContaining({ title: 'chamba' })]);
    expect(fake!.requests.at(-1)!.authorization).toBe('Bearer sk-deno-smoke');

    const failed = await fetch(`${base}/api/chat/send`, { method: 'POST', headers, body: JSON.stringify({ chatId: chat._id, message: 'hola [fake:500]' }) });
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'tutor_unavailable', message: 'Failed to send message' });
  }, 60_000);

  it('serve /sweep through Deno.serve: the secret key runs a tick, anything else is refused', async () => {
    const port = 40000 + Math.floor(Math.random() * 20000);
    sweepServer = spawn(deno, ['run', '--allow-net', '--allow-env', '--allow-read', '--config', 'deno.json', 'sweep/index.ts'], {
      cwd: functionsDir,
      env: {
        ...process.env,
        DENO_SERVE_ADDRESS: `tcp:127.0.0.1:${port}`,
        SUPABASE_URL: stack().apiUrl,
        // A login that may become service_role (hosted: the SUPABASE_DB_URL the runtime gives).
        SWEEP_DB_URL: Object.assign(new URL(stack().dbUrl), { username: 'authenticator' }).toString(),
        SUPABASE_SERVICE_ROLE_KEY: stack().serviceRoleKey,
        SUPABASE_SECRET_KEYS: JSON.stringify({ default: stack().secretKey }),
        NO_COLOR: '1',
      },
    });
    await waitForListening(sweepServer);
    const tick = (key?: string) =>
      fetch(`http://127.0.0.1:${port}/sweep`, { method: 'POST', headers: key ? { authorization: `Bearer ${key}` } : {}, body: '{}' });
    const refused = await tick(stack().anonKey);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'invalid_api_key' });
    expect((await tick()).status).toBe(401);
    const ran = await tick(stack().secretKey);
    expect(ran.status).toBe(200);
    expect(await ran.json()).toEqual({ storage: { claimed: expect.any(Number), removed: expect.any(Number), failed: 0 } });
  }, 120_000);
});
