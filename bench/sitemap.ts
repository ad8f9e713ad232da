// Benchmark: the sitemap on a fresh local stack holding 100,000 shown entries (and 1,000
// hidden ones) in 10,000 concept groups of two. Times, as a guest: each SQL read straight
// (the last page of entries is the deepest offset), the /api routes, and sitemapResponse end
// to end (GET /api + XML) for the index and a child of 10,000 URLs; prints p50/p95. Then the
// naive way (every shown entry read and cut in the server). Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { SITEMAP_PAGE_SIZE } from '../supabase/functions/_shared/contract/sitemap.ts';
import { sitemapResponse, type GuestApi } from '../supabase/functions/_shared/pages/sitemap.ts';
import { startStack } from '../stack/index.ts';
import { freePort } from '../stack/free-port.ts';
import { measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 30);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-'));
const [dbPort, apiPort] = [await freePort(), await freePort()];
const stack = await startStack({ dataDir, dbPort, apiPort, seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} shown entries, 1,000 hidden, ${(ENTRIES / 10).toLocaleString()} groups of two...`);
  const started = performance.now();
  await sql`
    insert into public.entries (title, description, country, author, created_at, updated_at)
    select 'palabra' || i, 'a word (informal)',
           (array['AR','BO','CL','CO','CR','CU','DO','EC','SV','GQ','GT','HN','MX','NI','PA','PY','PE','PR','ES','UY','VE'])[1 + i % 21],
           'bench', now() - make_interval(mins => i), now() - make_interval(mins => i % 5000)
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`insert into public.entries (title, description, country, author, show) select 'oculta' || i, 'hidden', 'MX', 'bench', false from generate_series(1, 1000) as i`;
  // One group per ten shown entries: entries 10k and 10k+1 (in created order) linked.
  await sql`
    with numbered as (select e.id, row_number() over (order by e.created_at, e.id) as n from public.entries e where e.show)
    insert into public.variant_links (entry_a, entry_b, created_by)
    select least(a.id, b.id), greatest(a.id, b.id), null from numbered a join numbered b on b.n = a.n + 1 where a.n % 10 = 0`;
  await sql`vacuum (analyze) public.entries`;
  await sql`vacuum (analyze) public.concept_members`;
  console.log(`  seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; load average ${os.loadavg().map((v) => v.toFixed(1)).join(' ')} on ${os.cpus().length} CPUs`);

  if (process.env.BENCH_KEEP) {
    // For tuning by hand: keep the stack up until interrupted.
    console.log(`Keeping the database up: ${stack.dbUrl}`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }

  const [{ pages }] = await sql<{ pages: number }[]>`select count(*)::int as pages from public.sitemap_entry_pages()`;
  const asGuest = <T>(work: (tx: postgres.TransactionSql) => Promise<T>) =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', '{"role":"anon"}', true)`;
      return work(tx);
    });

  console.log(`\nSQL as a guest (${pages} pages of ${SITEMAP_PAGE_SIZE.toLocaleString()} entries), ${RUNS} runs each:`);
  await measure('  sitemap_entries, page 1', RUNS, () => asGuest((tx) => tx`select count(*) from public.sitemap_entries(1)`));
  await measure(`  sitemap_entries, page ${pages} (the deepest)`, RUNS, () => asGuest((tx) => tx`select count(*) from public.sitemap_entries(${pages}::integer)`));
  await measure('  sitemap_entry_pages', RUNS, () => asGuest((tx) => tx`select * from public.sitemap_entry_pages()`));
  await measure('  sitemap_countries', RUNS, () => asGuest((tx) => tx`select * from public.sitemap_countries()`));
  await measure('  sitemap_groups, page 1', RUNS, () => asGuest((tx) => tx`select count(*) from public.sitemap_groups(1)`));
  await measure('  sitemap_group_pages', RUNS, () => asGuest((tx) => tx`select * from public.sitemap_group_pages()`));

  const guestApi: GuestApi = (apiPath) => fetch(`${stack.apiUrl}/api${apiPath}`, { headers: { authorization: `Bearer ${stack.config.anonKey}` } });
  const read = async (apiPath: string) => {
    const response = await guestApi(apiPath);
    if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
    return response.text();
  };
  console.log(`\nHTTP as a guest, ${RUNS} runs each:`);
  await measure('  GET /api/sitemap/summary', RUNS, () => read('/sitemap/summary'));
  await measure(`  GET /api/sitemap/entries?page=${pages}`, RUNS, () => read(`/sitemap/entries?page=${pages}`));

  const site = 'https://jerga.example';
  const render = async (pagePath: string) => {
    const response = await sitemapResponse(new Request(`http://127.0.0.1${pagePath}`), guestApi, site);
    if (response?.status !== 200) throw new Error(`${pagePath} answered ${response?.status}`);
    return response.text();
  };
  const child = await render(`/sitemap/entries-${pages}.xml`);
  console.log(`\nsitemapResponse end to end (GET /api + XML), ${RUNS} runs each; a child of ${(child.match(/<url>/g) ?? []).length.toLocaleString()} URLs is ${(child.length / 1024).toFixed(0)} KB:`);
  await measure('  /sitemap.xml (the index)', RUNS, () => render('/sitemap.xml'));
  await measure('  /sitemap/entries-1.xml', RUNS, () => render('/sitemap/entries-1.xml'));
  await measure(`  /sitemap/entries-${pages}.xml (the deepest)`, RUNS, () => render(`/sitemap/entries-${pages}.xml`));
  await measure('  /sitemap/compare-1.xml', RUNS, () => render('/sitemap/compare-1.xml'));

  // The naive way: every shown entry read at once, the page cut out in the server.
  console.log('\nnaive, for comparison:');
  await measure('  every shown entry read, one page kept', Math.min(RUNS, 10), async () =>
    (await sql`select id, updated_at from public.entries where show order by id`).slice((pages - 1) * SITEMAP_PAGE_SIZE),
  );
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
