// What the benchmarks share: percentiles of their samples, timing one call many times, and
// signed-in learners.
import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import type postgres from 'postgres';

/** The p-th percentile (0–100) of `samples` by the nearest-rank method; NaN when there are none. */
export function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

/**
 * Runs `work` once to warm up, then `runs` times one after another (`i` is the run), and
 * prints and returns the p50 and p95 of the timed runs in milliseconds.
 */
export async function measure(label: string, runs: number, work: (i: number) => Promise<unknown>, labelWidth = 48) {
  await work(0);
  const samples: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work(i);
    samples.push(performance.now() - start);
  }
  const result = { label, p50: percentile(samples, 50), p95: percentile(samples, 95) };
  console.log(`${label.padEnd(labelWidth)} p50 ${result.p50.toFixed(2).padStart(9)} ms   p95 ${result.p95.toFixed(2).padStart(9)} ms`);
  return result;
}

/** A learner as Auth would make one: the user (its profile follows), a live session, and its access token. */
export interface BenchLearner {
  id: string;
  session: string;
  token: string;
}

/** Creates a learner straight in the stack's database (optionally an admin) and signs their token as GoTrue would. */
export async function benchLearner(
  sql: postgres.Sql,
  stack: { apiUrl: string; config: { jwtSecret: string } },
  options: { admin?: boolean } = {},
): Promise<BenchLearner> {
  const id = randomUUID();
  const session = randomUUID();
  await sql`insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
            values (${id}, 'authenticated', 'authenticated', ${`${id.slice(0, 8)}@bench.jerga.local`}, ${sql.json({ name: 'Bench' })}, now(), now(), now())`;
  await sql`insert into auth.sessions (id, user_id, created_at, updated_at, aal) values (${session}, ${id}, now(), now(), 'aal1')`;
  if (options.admin) await sql`update public.profiles set is_admin = true where id = ${id}`;
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ role: 'authenticated', session_id: session, aal: 'aal1' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(id)
    .setAudience('authenticated')
    .setIssuer(`${stack.apiUrl}/auth/v1`)
    .setIssuedAt(now)
    .setExpirationTime(now + 3600)
    .sign(new TextEncoder().encode(stack.config.jwtSecret));
  return { id, session, token };
}
