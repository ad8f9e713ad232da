// Benchmark: moderation at scale, through the real /api on a fresh local stack.
// 1. The admins' open queue with 10,000 reported things (three reporters each, a note on
//    some): the first page and a deep page (keyset cursor), p50/p95.
// 2. What the hidden-content rule costs the home grid at 100,000 entries: its first page
//    (by votes) timed before anything is hidden, then after 10,000 entries were held by
//    three reports each (the rule: held entries are unshown, so the grid's partial index
//    skips them), with the grid's query plan. Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { benchLearner, measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const REPORTED = Number(process.env.BENCH_REPORTED ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-moderation-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} entries...`);
  await sql`
    insert into public.entries (title, description, country, author, upvotes, downvotes, created_at)
    select 'palabra ' || i, 'significado número ' || i,
           (array['AR','BO','CL','CO','CR','CU','DO','EC','SV','GQ','GT','HN','MX','NI','PA','PY','PE','PR','ES','UY','VE'])[1 + i % 21],
           'bench', (i::bigint * 7919) % 500, (i::bigint * 104729) % 50, now() - (i || ' minutes')::interval
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`vacuum (analyze) public.entries`;
  const admin = await benchLearner(sql, stack, { admin: true });
  const reporters = await Promise.all([0, 1, 2].map(() => benchLearner(sql, stack)));

  const home = () => fetch(`${stack.apiUrl}/api/content/getContentsSortedByVoteDesc?limit=24`, { headers: { authorization: `Bearer ${stack.config.anonKey}` } });
  const homePlan = async () =>
    (await sql.unsafe(`explain select e.id from public.entries e where e.show order by e.vote_score desc, e.created_at desc, e.id desc limit 25`))
      .map((row) => row['QUERY PLAN'] as string)
      .join('\n    ');
  // Warm both sides (plans, caches) so "before" is not the first requests the stack serves.
  for (let i = 0; i < 20; i += 1) await home().then((reply) => reply.json());
  console.log('\nThe home grid (first page by votes, 24 entries, over HTTP):');
  const gridQuery = () => sql`select public.entry_json(e) from public.entries e where e.show order by e.vote_score desc, e.created_at desc, e.id desc limit 25`;
  const before = await measure('before: nothing hidden', RUNS, () => home().then((reply) => reply.json()));
  const beforeSql = await measure('  its query in SQL alone', RUNS * 4, gridQuery);

  // 10,000 reported things, as add_report leaves them after three accounts: the best-voted
  // entries, so the grid's first pages would hold them if the rule did not skip them.
  console.log(`\nReporting ${REPORTED.toLocaleString()} entries, three accounts each (held)...`);
  await sql.begin(async (tx) => {
    await tx`
      create temporary table reported on commit drop as
        select e.id from public.entries e order by e.vote_score desc, e.created_at desc, e.id desc limit ${REPORTED}`;
    await tx`
      insert into public.moderation_cases (entry_id, reporters, first_reported_at, last_reported_at)
      select r.id, 3, now() - (row_number() over () || ' seconds')::interval, now() - (row_number() over () || ' seconds')::interval
        from reported r`;
    for (const [i, reporter] of reporters.entries()) {
      await tx`
        insert into public.reports (case_id, reporter, reason, note, created_at)
        select m.id, ${reporter.id}, (array['spam','offensive','wrong'])[1 + ${i}], case when ${i} = 0 then 'Junk, please remove.' end, m.last_reported_at
          from public.moderation_cases m`;
    }
    await tx`update public.entries e set moderation = 'held', show = false from reported r where r.id = e.id`;
  });
  await sql`vacuum (analyze) public.entries`;
  await sql`analyze public.moderation_cases`;
  await sql`analyze public.reports`;

  const after = await measure(`after: ${REPORTED.toLocaleString()} best-voted entries held`, RUNS, () => home().then((reply) => reply.json()));
  const afterSql = await measure('  its query in SQL alone', RUNS * 4, gridQuery);
  console.log(`  difference over HTTP p50 ${(after.p50 - before.p50).toFixed(2)} ms, p95 ${(after.p95 - before.p95).toFixed(2)} ms`);
  console.log(`  difference in SQL    p50 ${(afterSql.p50 - beforeSql.p50).toFixed(2)} ms, p95 ${(afterSql.p95 - beforeSql.p95).toFixed(2)} ms`);
  console.log(`  the grid's plan:\n    ${await homePlan()}`);

  console.log(`\nThe open queue (${REPORTED.toLocaleString()} reported things, 20 a page, as an admin over HTTP):`);
  const queue = async (cursor?: string) => {
    const reply = await fetch(`${stack.apiUrl}/api/admin/getReports?status=open&limit=20${cursor ? `&cursor=${cursor}` : ''}`, {
      headers: { authorization: `Bearer ${admin.token}` },
    });
    if (!reply.ok) throw new Error(`getReports answered ${reply.status}`);
    return reply.json() as Promise<{ data: unknown[]; open: number; nextCursor: string | null }>;
  };
  const first = await queue();
  console.log(`  open count ${first.open.toLocaleString()}, ${first.data.length} rows a page`);
  await measure('queue, first page', RUNS, () => queue());
  const claims = JSON.stringify({ sub: admin.id, role: 'authenticated', session_id: admin.session });
  await measure('  the same in SQL alone (moderation_queue)', RUNS, () =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      return tx`select public.moderation_queue('open', null, null, 21)`;
    }),
  );
  let cursor = first.nextCursor;
  for (let i = 0; i < 250 && cursor; i += 1) cursor = (await queue(cursor)).nextCursor;
  await measure('queue, page 252 via keyset cursor', RUNS, () => queue(cursor ?? undefined));
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
