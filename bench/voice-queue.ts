// Benchmark: the per-country voice queue (issue 34) on a fresh local stack holding 100,000
// shown entries, all of one country (Mexico: the worst case, one country's whole queue),
// 10,000 of them voiced (a native recording each) and 20,000 open requests from 1,000
// learners. Times, as a guest: GET /api/recording/requests (first page, a page deep in the
// queue, a whole walk of the first 1,000) and GET /api/recording/voices over HTTP, the SQL
// functions straight, and the page's plan (EXPLAIN ANALYZE); then the naive way (counting
// requests and looking for a native recording per entry at read time). Prints p50/p95.
// Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import type { VoiceNeedsReply } from '../supabase/functions/_shared/contract/recordings.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1_000);
const REQUESTS_EACH = 20;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-voice-queue-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} Mexican entries, ${(ENTRIES / 10).toLocaleString()} voiced, ${(LEARNERS * REQUESTS_EACH).toLocaleString()} requests...`);
  const started = performance.now();
  await sql`
    insert into public.entries (title, description, country, author, upvotes, downvotes)
    select 'palabra ' || i, 'significado ' || i, 'MX', 'bench', (i::bigint * 7919) % 500, (i::bigint * 104729) % 50
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at)
    select extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'voz' || i || '@bench.jerga.local', '{"name": "Bench"}', now(), now()
      from generate_series(1, ${LEARNERS}) as i`;
  // Every tenth entry (by title number) has a native recording, by the first learner.
  await sql`
    with speaker as (select id from auth.users order by email limit 1)
    insert into public.recordings (entry_id, user_id, path, country)
    select e.id, s.id, s.id || '/' || e.id || '/take.webm', 'MX'
      from public.entries e, speaker s where (split_part(e.title, ' ', 2))::int % 10 = 0`;
  // Each learner asks for 20 of the first 5,000 entries (popular ones get many requests).
  await sql`
    insert into public.recording_requests (entry_id, user_id)
    select distinct e.id, u.id
      from (select id, row_number() over (order by email) as n from auth.users) u
      cross join generate_series(1, ${REQUESTS_EACH}) as k
      join public.entries e on e.title = 'palabra ' || (1 + ((u.n * 7 + k * k * 131) % 5000))
     where (1 + ((u.n * 7 + k * k * 131) % 5000)) % 10 <> 0`;
  await sql`vacuum (analyze) public.entries`;
  await sql`vacuum (analyze) private.voice_needs`;
  await sql`vacuum (analyze) public.recording_requests`;
  await sql`vacuum (analyze) public.recordings`;
  const [{ total, remaining, asked }] = await sql<{ total: number; remaining: number; asked: number }[]>`
    select c.total, c.total - c.voiced as remaining, (select count(*)::int from public.recording_requests) as asked
      from private.voice_counts c where c.country = 'MX'`;
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s: Mexico ${remaining.toLocaleString()} of ${total.toLocaleString()} still need a voice; ${asked.toLocaleString()} requests; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);

  const asGuest = <T>(work: (tx: postgres.TransactionSql) => Promise<T>) =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      return work(tx);
    });
  const read = async (apiPath: string): Promise<VoiceNeedsReply> => {
    const response = await fetch(`${stack.apiUrl}/api${apiPath}`, { headers: { authorization: `Bearer ${stack.config.anonKey}` } });
    if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
    return (await response.json()) as VoiceNeedsReply;
  };

  // A cursor halfway down the queue (page 2,000 of 20), for the deep page.
  const [middle] = await sql<{ requests: number; vote_score: number; entry_id: string }[]>`
    select requests, vote_score, entry_id from private.voice_needs where country = 'MX' and shown and not voiced
     order by requests desc, vote_score desc, entry_id desc offset ${Math.floor(remaining / 2)} limit 1`;
  const deepCursor = Buffer.from(JSON.stringify([middle.requests, middle.vote_score, middle.entry_id])).toString('base64url');

  console.log(`\nSQL as a guest, ${RUNS} runs each:`);
  await measure('  voice_queue(MX), first page (21 rows)', RUNS, () => asGuest((tx) => tx`select public.voice_queue('MX', 21)`));
  await measure('  voice_queue(MX), a page halfway down', RUNS, () =>
    asGuest((tx) => tx`select public.voice_queue('MX', 21, ${middle.requests}::integer, ${middle.vote_score}::integer, ${middle.entry_id}::uuid)`),
  );
  await measure('  voices_summary()', RUNS, () => asGuest((tx) => tx`select public.voices_summary()`));
  const plan = await asGuest(
    (tx) => tx.unsafe(`explain (analyze, format json) select private.voice_queue_page('MX', 21, null, null, null)`) as unknown as Promise<{ 'QUERY PLAN': { 'Execution Time': number }[] }[]>,
  );
  const inner = await sql.unsafe(`explain (analyze, costs off)
    select v.entry_id from private.voice_needs v where v.country = 'MX' and v.shown and not v.voiced
     order by v.requests desc, v.vote_score desc, v.entry_id desc limit 21`);
  console.log(`  EXPLAIN ANALYZE voice_queue_page: ${plan[0]['QUERY PLAN'][0]['Execution Time'].toFixed(2)} ms; its scan:`);
  for (const row of inner) console.log(`    ${String(Object.values(row)[0])}`);

  console.log(`\nHTTP as a guest, ${RUNS} runs each:`);
  await measure('  GET /api/recording/requests?country=MX', RUNS, () => read('/recording/requests?country=MX'));
  await measure('  GET /api/recording/requests, halfway down', RUNS, () => read(`/recording/requests?country=MX&cursor=${deepCursor}`));
  await measure('  GET /api/recording/requests&limit=50', RUNS, () => read('/recording/requests?country=MX&limit=50'));
  await measure('  GET /api/recording/voices', RUNS, () => read('/recording/voices'));
  await measure('  walking the first 1,000 (20 pages of 50)', Math.min(RUNS, 20), async () => {
    let cursor: string | null = null;
    for (let page = 0; page < 20; page += 1) {
      const reply: VoiceNeedsReply = await read(`/recording/requests?country=MX&limit=50${cursor ? `&cursor=${cursor}` : ''}`);
      cursor = reply.nextCursor;
    }
  });

  // The naive way: requests counted and native recordings looked for per entry at read time.
  console.log('\nnaive, for comparison:');
  await measure('  count requests + look for recordings per entry', Math.min(RUNS, 10), () =>
    sql`select e.id, (select count(*) from public.recording_requests q where q.entry_id = e.id) as requests
          from public.entries e
         where e.country = 'MX' and e.show
           and not exists (select 1 from public.recordings r where r.entry_id = e.id and r.country = e.country and r.moderation is null)
         order by requests desc, e.vote_score desc, e.id desc limit 21`,
  );
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
