// Benchmark: does a failed sign-in take as long for an e-mail with no account as for one
// with an account and a wrong password? (If not, timing tells which e-mails have accounts.)
// Starts nothing: point it at a running stack, e.g. `npm start`, then
//   npx tsx bench/login-timing.ts [http://127.0.0.1:54321]
// (or BENCH_URL). BENCH_EMAIL names an existing account (default: the seeded admin),
// BENCH_RUNS the samples per side. Prints both medians and their ratio; never fails on time.
import { randomUUID } from 'node:crypto';
import { LOCAL_ANON_KEY } from '../stack/config.ts';

const BASE = (process.argv[2] ?? process.env.BENCH_URL ?? 'http://127.0.0.1:54321').replace(/\/+$/, '');
const KNOWN = process.env.BENCH_EMAIL ?? 'admin@jerga.local';
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const KEY = process.env.SUPABASE_ANON_KEY ?? LOCAL_ANON_KEY;

const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];

let sample = 0;

/**
 * One failed sign-in; its time in ms. Each comes from its own address (X-Forwarded-For,
 * which the local gateway believes from loopback) so the per-address limit stays out of it.
 */
async function failedSignIn(email: string): Promise<number> {
  sample += 1;
  const started = performance.now();
  const response = await fetch(`${BASE}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: KEY,
      'content-type': 'application/json',
      'x-forwarded-for': `198.18.${Math.floor(sample / 250) % 250}.${(sample % 250) + 1}`,
    },
    body: JSON.stringify({ email, password: `not-the-password-${randomUUID()}` }),
  });
  const body = (await response.json()) as { code?: string };
  const elapsed = performance.now() - started;
  if (body.code !== 'invalid_credentials') throw new Error(`expected invalid_credentials, got ${response.status} ${JSON.stringify(body)}`);
  return elapsed;
}

console.log(`Failed sign-ins against ${BASE}/auth/v1, ${RUNS} of each, interleaved (known account: ${KNOWN})`);
await failedSignIn(KNOWN); // warm up
await failedSignIn(`nobody-${randomUUID()}@example.com`);
const known: number[] = [];
const unknown: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  unknown.push(await failedSignIn(`nobody-${randomUUID()}@example.com`));
  known.push(await failedSignIn(KNOWN));
}
const knownMedian = median(known);
const unknownMedian = median(unknown);
console.log(`${'known e-mail, wrong password'.padEnd(34)} median ${knownMedian.toFixed(2).padStart(9)} ms`);
console.log(`${'unknown e-mail'.padEnd(34)} median ${unknownMedian.toFixed(2).padStart(9)} ms`);
console.log(`unknown / known: ${(unknownMedian / knownMedian).toFixed(2)}`);
