// Benchmark: what issue 30's checks add to /auth/v1/verify (issue: under 5 ms at p95).
// "Before" is the local Auth as it was at BENCH_BASE (default: the commit before the change,
// taken with `git archive` into .jerga/bench/), "after" the working tree's; both run in this
// process against one fresh stack's database, their requests interleaved, each timed alone:
//   1. a wrong six-digit code (after: the account's row lock, the day's count, the wrong guess
//      recorded; the counts are reset between samples, untimed, so every sample pays for it),
//   2. the right code (a session), 3. the mailed link (a session; a fresh mail each, untimed).
//   npx tsx bench/verify.ts        (BENCH_RUNS samples per case, default 100)
// Prints p50/p95 per case and side, and the p95 difference; never fails on time.
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import postgres from 'postgres';
import type { createAuthApp as CreateAuthApp } from '../stack/auth/index.ts';
import { loadAuthSettings } from '../stack/auth/settings.ts';
import { rootDir } from '../stack/config.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import type { OutgoingMail } from '../stack/mail/types.ts';
import { benchLearner, percentile } from './support.ts';

const BASE = process.env.BENCH_BASE ?? '5aaaf3a0e733b3670a39a16a53883faf2fafde71';
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

/** The base commit's stack/ beside the work tree (node_modules resolve from the repository). */
async function baseAuth(): Promise<typeof CreateAuthApp> {
  const dir = path.join(rootDir, '.jerga', 'bench', `verify-${BASE.slice(0, 12)}`);
  if (!existsSync(path.join(dir, 'stack', 'auth', 'index.ts'))) {
    mkdirSync(dir, { recursive: true });
    execSync(`git archive ${BASE} stack | tar -x -C ${JSON.stringify(dir)}`, { cwd: rootDir });
  }
  return ((await import(pathToFileURL(path.join(dir, 'stack', 'auth', 'index.ts')).href)) as { createAuthApp: typeof CreateAuthApp }).createAuthApp;
}

/** Keeps the last mail to each address, so the bench can read its code and link. */
const inbox = new Map<string, OutgoingMail>();
const mailer = { send: async (mail: OutgoingMail) => void inbox.set(mail.to, mail), close: async () => {} };

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-verify-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
const { createAuthApp } = await import('../stack/auth/index.ts');
const settings = { ...loadAuthSettings(), maxFrequencySeconds: 0 };
const common = {
  databaseUrl: stack.dbUrl,
  jwtSecret: stack.config.jwtSecret,
  externalUrl: `${stack.apiUrl}/auth/v1`,
  settings,
  mailer,
  rateLimits: { signInSignUps: 1e9, tokenRefresh: 1e9, tokenVerifications: 1e9 },
};
const sides = { before: (await baseAuth())(common), after: createAuthApp(common) };
type Side = keyof typeof sides;
const headers = { apikey: stack.config.anonKey, 'content-type': 'application/json' };

try {
  const accounts = Object.fromEntries(
    await Promise.all(
      (['before', 'after'] as Side[]).map(async (side) => {
        const { id } = await benchLearner(sql, stack);
        const [{ email }] = await sql<{ email: string }[]>`select email from auth.users where id = ${id}`;
        return [side, { id, email }];
      }),
    ),
  ) as Record<Side, { id: string; email: string }>;

  /** A fresh recovery mail for the side's account (untimed): its code and its link's path. */
  const mail = async (side: Side) => {
    const reply = await sides[side].request('/recover', { method: 'POST', headers, body: JSON.stringify({ email: accounts[side].email }) });
    if (reply.status !== 200) throw new Error(`${side} /recover answered ${reply.status}`);
    const text = inbox.get(accounts[side].email)!.text;
    const link = new URL(text.match(/https?:\/\/\S+\/verify\S*/)![0]);
    return { code: text.match(/Code: (\d{6})/)![1], path: `/verify${link.search}` };
  };
  const verifyCode = (side: Side, code: string) =>
    sides[side].request('/verify', { method: 'POST', headers, body: JSON.stringify({ type: 'recovery', email: accounts[side].email, token: code }) });
  const expect = (status: number, reply: Response, what: string) => {
    if (reply.status !== status) throw new Error(`${what}: expected ${status}, got ${reply.status}`);
  };

  console.log(`/auth/v1/verify, before (${BASE.slice(0, 8)}) and after, ${RUNS} samples each, in process, one fresh database\n`);
  const rows: { label: string; before: number; after: number }[] = [];
  const compare = async (label: string, prepare: (side: Side) => Promise<() => Promise<void>>) => {
    // Interleaved: each sample runs its untimed preparation, then the timed request, side after side.
    const samples: Record<Side, number[]> = { before: [], after: [] };
    for (let i = 0; i <= RUNS; i += 1) {
      for (const side of ['before', 'after'] as Side[]) {
        const work = await prepare(side);
        const start = performance.now();
        await work();
        if (i > 0) samples[side].push(performance.now() - start); // the first is a warm-up
      }
    }
    const result: Record<Side, number> = { before: 0, after: 0 };
    for (const side of ['before', 'after'] as Side[]) {
      result[side] = percentile(samples[side], 95);
      console.log(`${`${label}, ${side}`.padEnd(36)} p50 ${percentile(samples[side], 50).toFixed(2).padStart(7)} ms   p95 ${result[side].toFixed(2).padStart(7)} ms`);
    }
    rows.push({ label, ...result });
  };

  await compare('wrong code', async (side) => {
    const { code } = await mail(side);
    // The fresh mail starts the code's count again; the account's day is cleared here.
    if (side === 'after') await sql`delete from private.mailed_code_guesses where user_id = ${accounts.after.id}`;
    const wrong = code === '000000' ? '000001' : '000000';
    return async () => expect(403, await verifyCode(side, wrong), `${side} wrong code`);
  });
  await compare('right code (a session)', async (side) => {
    const { code } = await mail(side);
    return async () => expect(200, await verifyCode(side, code), `${side} right code`);
  });
  await compare('link (a session)', async (side) => {
    const { path: link } = await mail(side);
    return async () => expect(303, await sides[side].request(link, { headers }), `${side} link`);
  });

  console.log('\np95 in ms         before     after    added');
  for (const row of rows) {
    console.log(`${row.label.padEnd(24)} ${row.before.toFixed(2).padStart(7)} ${row.after.toFixed(2).padStart(9)} ${(row.after - row.before).toFixed(2).padStart(8)}`);
  }
} finally {
  await sides.before.close();
  await sides.after.close();
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}

