// Benchmark: the home grid's first page, a deep page, a search and a filtered search,
// through the real /api on a fresh local stack seeded with many entries. Prints p50/p95
// and the ratio against the naive way (load every entry and filter in the client, and a
// sequential ILIKE scan). Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startStack } from '../stack/index.ts';
import { measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 50);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-'));
const stack = await startStack({ dataDir, dbPort: 56422, apiPort: 56421, seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} entries...`);
  await sql`
    insert into public.entries (title, description, country, hint, example_sentence, author, upvotes, downvotes, created_at)
    select 'palabra ' || i || ' ' || md5(i::text),
           'significado número ' || i || case when i % 997 = 0 then ' chévere' else '' end,
           (array['AR','BO','CL','CO','CR','CU','DO','EC','SV','GQ','GT','HN','MX','NI','PA','PY','PE','PR','ES','UY','VE'])[1 + i % 21],
           null, 'Ejemplo ' || i, 'bench', (i::bigint * 7919) % 500, (i::bigint * 104729) % 50,
           now() - (i || ' minutes')::interval
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`analyze public.entries`;
  const headers = { authorization: `Bearer ${stack.config.anonKey}` };
  const get = async (query: string) => {
    const response = await fetch(`${stack.apiUrl}/api/content/getContentsSortedByVoteDesc?${query}`, { headers });
    return response.json() as Promise<{ data: { title: string; description: string; country: string }[]; nextCursor: string | null }>;
  };

  const firstPage = await measure('first page, by votes (limit 24)', RUNS, () => get('limit=24'));
  let cursor = (await get('limit=24')).nextCursor;
  for (let i = 0; i < 40 && cursor; i += 1) cursor = (await get(`limit=24&cursor=${cursor}`)).nextCursor;
  await measure('page 42 via keyset cursor', RUNS, () => get(`limit=24&cursor=${cursor}`));
  const search = await measure('search "chévere" (accent-insensitive)', RUNS, () => get('limit=24&q=chevere'));
  await measure('search + 3 countries', RUNS, () => get('limit=24&q=chevere&countries=AR,MX,ES'));

  console.log('\nThe naive ways, for comparison:');
  const naiveRuns = Math.max(3, Math.floor(RUNS / 10));
  // /api pages lists (100 at most), so "everything" is read straight from Postgres, as JSON:
  // a lower bound for what loading it all over HTTP would cost.
  const naive = await measure('load all entries (SQL, no HTTP), filter in the client', naiveRuns, async () => {
    const all = await sql<{ entry: { title: string; description: string } }[]>`
      select public.entry_json(e) as entry from public.entries e where e.show`;
    return all.filter(({ entry }) => `${entry.title} ${entry.description}`.toLowerCase().includes('chévere')).slice(0, 24);
  });
  const ilike = await measure('SQL: unaccent ILIKE scan, count votes per row', naiveRuns, () =>
    sql`select id from public.entries
         where extensions.unaccent(title || ' ' || description) ilike '%chevere%'
         order by upvotes - downvotes desc limit 24`,
  );
  console.log(`\nfirst page vs load-everything: ${(naive.p95 / firstPage.p95).toFixed(0)}x faster at p95`);
  console.log(`indexed search vs load-everything: ${(naive.p95 / search.p95).toFixed(0)}x faster at p95`);
  console.log(`indexed search (over HTTP) vs bare SQL ILIKE scan: ${(ilike.p95 / search.p95).toFixed(1)}x at p95`);
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
