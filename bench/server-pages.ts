// Benchmark: the server-rendered pages (issue 33) among 100,000 entries — an entry page, a
// country page (its 24 best-voted, the app's first page) and the home page, as the production web server draws
// them (the /api read as a guest, then the HTML) — beside the entry's /api read alone. The
// budget is an entry page under 30 ms at p95 on the server. Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { ensureClientBuild } from '../stack/build.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { startWeb } from '../stack/web.ts';
import { measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const COUNTRIES = ['AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'SV', 'GQ', 'GT', 'HN', 'MX', 'NI', 'PA', 'PY', 'PE', 'PR', 'ES', 'UY', 'VE'];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-server-pages-'));
const build = await ensureClientBuild({ log: () => {} });
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const web = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} entries...`);
  await sql`
    insert into public.entries (title, description, description_es, country, example_sentence, author, upvotes, downvotes)
    select 'palabra ' || i, 'meaning number ' || i, 'significado número ' || i, (${COUNTRIES}::text[])[1 + i % 21],
           'Una frase con la palabra ' || i || '.', 'bench', (i::bigint * 7919) % 500, (i::bigint * 104729) % 50
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`vacuum (analyze)`;
  const [{ id }] = await sql<{ id: string }[]>`select id from public.entries where title = 'palabra 4242'`;

  const get = (url: string) =>
    fetch(url, { headers: { 'accept-language': 'es' } }).then(async (reply) => {
      const body = await reply.text();
      if (reply.status !== 200) throw new Error(`${url} answered ${reply.status}`);
      return body;
    });
  const html = await get(`${web.url}/content/${id}`);
  console.log(`\nThe entry page: ${(html.length / 1024).toFixed(1)} KB of HTML (uncompressed).`);
  console.log('\nOver HTTP, one after another (server time plus a loopback round trip):');
  await measure('  GET /api/content/getContentById (the read alone)', RUNS, () => get(`${stack.apiUrl}/api/content/getContentById/${id}`), 56);
  await measure('  GET /content/:id (the entry page)', RUNS, () => get(`${web.url}/content/${id}`), 56);
  await measure('  GET /country/MX (24 best-voted of ~4,800)', RUNS, () => get(`${web.url}/country/MX`), 56);
  await measure('  GET / (the home page, 24 best-voted)', RUNS, () => get(`${web.url}/`), 56);
} finally {
  await sql.end();
  await web.close();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
