// Benchmark: the entry page's one query (GET /api/content/getContentById) with everything
// issue 18 added to it — the rest of its variant group and how it lands in each country —
// at a size no real entry reaches: a concept group of 210 entries (ten forms in each of the
// 21 countries) and 21,000 usage marks on the entry (1,000 learners marking every country),
// among 100,000 entries. Prints p50/p95 over HTTP for a guest and a learner, the same
// statement in SQL alone, and its plan's execution time; then the entry page's own HTML as the
// production web server renders it (issue 33's budget: p95 under 30 ms), for that entry and for
// an ordinary one. Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../stack/free-port.ts';
import { ensureClientBuild } from '../stack/build.ts';
import { startStack } from '../stack/index.ts';
import { startWeb } from '../stack/web.ts';
import { benchLearner, measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 1_000);
const FORMS_PER_COUNTRY = 10;
const RUNS = Number(process.env.BENCH_RUNS ?? 100);
const COUNTRIES = ['AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GQ', 'GT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PE', 'PR', 'ES', 'UY', 'VE'];
const KINDS = ['used', 'understood', 'unknown', 'offensive'];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-entry-page-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} entries...`);
  await sql`
    insert into public.entries (title, description, country, author, upvotes, downvotes)
    select 'palabra ' || i, 'significado número ' || i, (${COUNTRIES}::text[])[1 + i % 21], 'bench',
           (i::bigint * 7919) % 500, (i::bigint * 104729) % 50
      from generate_series(1, ${ENTRIES}) as i`;
  // The group: the first 210 entries by title number, ten per country, each linked to the first.
  const group = await sql<{ id: string }[]>`
    select id from public.entries where title in (select 'palabra ' || i from generate_series(1, ${21 * FORMS_PER_COUNTRY}) as i) order by id`;
  const [first, ...rest] = group.map((row) => row.id);
  await sql`
    insert into public.variant_links (entry_a, entry_b)
    select least(${first}::uuid, other), greatest(${first}::uuid, other) from unnest(${rest}::uuid[]) as other`;

  console.log(`Seeding ${LEARNERS.toLocaleString()} learners, each marking the entry in all 21 countries...`);
  await sql`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'learner' || i || '@bench.jerga.local', '{"name":"Bench"}', now(), now(), now()
      from generate_series(1, ${LEARNERS}) as i`;
  await sql`
    update public.profiles p set home_country = (${COUNTRIES}::text[])[1 + (abs(hashtext(p.id::text)) % 21)]
     where p.id in (select id from auth.users where email like '%@bench.jerga.local')`;
  await sql`
    insert into public.usage_marks (entry_id, country, user_id, usage)
    select ${first}::uuid, c, u.id, (${KINDS}::text[])[1 + (abs(hashtext(u.id::text || c)) % 4)]
      from auth.users u cross join unnest(${COUNTRIES}::text[]) as c
     where u.email like '%@bench.jerga.local'`;
  await sql`vacuum (analyze)`;

  const learner = await benchLearner(sql, stack);
  const page = (token: string) =>
    fetch(`${stack.apiUrl}/api/content/getContentById/${first}`, { headers: { authorization: `Bearer ${token}` } }).then(async (reply) => {
      const body = (await reply.json()) as { variants: unknown[]; usage: Record<string, unknown> };
      if (reply.status !== 200) throw new Error(`getContentById answered ${reply.status}`);
      return body;
    });
  const sample = await page(stack.config.anonKey);
  console.log(`\nThe reply: ${sample.variants.length} variants, ${Object.keys(sample.usage).length} countries of tallies.`);
  console.log('\nGET /api/content/getContentById (over HTTP, one statement in one transaction):');
  await measure('  a guest', RUNS, () => page(stack.config.anonKey));
  await measure('  a signed-in learner (with their own marks)', RUNS, () => page(learner.token));
  const statement = `select public.entry_json(e)
           || jsonb_build_object('variants', public.entry_variants(e.id), 'usage', public.entry_usage(e.id), 'myUsage', public.my_usage(e.id)) as entry
      from public.entries e where e.id = '${first}'`;
  await measure('  the statement in SQL alone (as postgres)', RUNS, () => sql.unsafe(statement));
  const plan = await sql.unsafe(`explain (analyze, format json) ${statement}`);
  const [{ 'Execution Time': execution, 'Planning Time': planning }] = plan[0]['QUERY PLAN'] as { 'Execution Time': number; 'Planning Time': number }[];
  console.log(`  its plan: planning ${planning.toFixed(2)} ms, execution ${execution.toFixed(2)} ms`);

  // The page itself: what a crawler, a link preview or a phone's first request receives.
  const build = await ensureClientBuild();
  const web = await startWeb({ port: await freePort(), apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
  try {
    const [ordinary] = await sql<{ id: string }[]>`select id from public.entries where title = ${`palabra ${Math.floor(ENTRIES / 2)}`}`;
    const html = (id: string) =>
      fetch(`${web.url}/content/${id}`, { headers: { 'accept-language': 'es' } }).then(async (reply) => {
        const text = await reply.text();
        if (reply.status !== 200) throw new Error(`/content/${id} answered ${reply.status}`);
        return text;
      });
    const sampleHtml = await html(ordinary.id);
    console.log(`\nGET /content/:id (the page's HTML, ${(sampleHtml.length / 1024).toFixed(1)} KB for an ordinary entry, a guest, Spanish):`);
    await measure('  an ordinary entry', RUNS, () => html(ordinary.id));
    await measure('  the entry with 210 variants and 21,000 marks', RUNS, () => html(first));
  } finally {
    await web.close();
  }
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
