// Benchmark: the concept search (GET /api/concept/search, public.search_concepts) on a fresh
// local stack holding 100,000 entries in 20,000 groups of five (five countries each), with
// English and Spanish meanings and examples. Runs a mix of searches (whole titles, English
// and Spanish meaning words, a two-word meaning, a title's start, accents and capitals, a
// short key, a key found nowhere) as a guest, straight in SQL and through the /api, and
// prints p50/p95 per kind and overall (target: p95 under 20 ms). Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startStack } from '../stack/index.ts';
import { percentile } from './support.ts';

const GROUPS = Number(process.env.BENCH_GROUPS ?? 20_000);
const PER_GROUP = 5;
const SEARCHES = Number(process.env.BENCH_RUNS ?? 400);

// Made-up words: the bench measures the search, it teaches nothing.
const SYLLABLES = ['ca', 'po', 'te', 'chi', 'ma', 'lo', 'pi', 'gua', 'ño', 'rro', 'bo', 'ne', 'fi', 'qui', 'lla', 'sa', 'du', 've', 'jo', 'tri', 'mbo', 'ce', 'ga', 'zu'];
const ENGLISH = ('straw bus money work cool beer kid party car friend pen popcorn peanut avocado jacket pool shirt sandwich ' +
  'house dog cat street shoe hat coffee bread milk cake road trip boss job phone bag coat sweater candy fruit juice ' +
  'truck bike train ticket market corner drink meal lunch dinner breakfast nap joke lie trick fight mess noise crowd ' +
  'party night day week weekend holiday beach river hill field town village city neighbour cousin uncle aunt baby ' +
  'girl boy man woman teacher student doctor police thief fool genius mate buddy chick guy dude cash coin bill debt ' +
  'gossip chat talk word song dance game ball goal team match ride lift walk run jump fall kiss hug smile tear').split(' ');
const SPANISH = ('pajita autobús dinero trabajo genial cerveza niño fiesta coche amigo bolígrafo palomitas cacahuete aguacate ' +
  'chaqueta piscina camiseta bocadillo casa perro gato calle zapato sombrero café pan leche pastel camino viaje jefe ' +
  'teléfono bolsa abrigo jersey caramelo fruta zumo camión bicicleta billete mercado esquina bebida comida almuerzo ' +
  'cena desayuno siesta chiste mentira truco pelea lío ruido multitud noche día semana playa río colina pueblo ciudad ' +
  'vecino primo tío tía bebé chica chico hombre mujer maestro estudiante médico policía ladrón tonto genio compañero').split(' ');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-'));
const stack = await startStack({ dataDir, dbPort: 58632, apiPort: 58631, seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${(GROUPS * PER_GROUP).toLocaleString()} entries in ${GROUPS.toLocaleString()} groups...`);
  const started = performance.now();
  // Entry i is member i % 5 of group i / 5; a group's five countries are all different.
  // A group's meaning is two English words (and two Spanish ones), the same for its members.
  await sql`
    insert into public.entries (id, title, description, description_es, example_sentence, country, author, upvotes)
    select extensions.gen_random_uuid(), w.title,
           'a ' || w.en1 || ' ' || w.en2 || ' (informal)',
           'un ' || w.es1 || ' o ' || w.es2 || ' (coloquial)',
           'Oye, pásame el ' || w.title || ', porfa.',
           (array['AR','BO','CL','CO','CR','CU','DO','EC','SV','GQ','GT','HN','MX','NI','PA','PY','PE','PR','ES','UY','VE'])[1 + (g * 7 + m * 4) % 21],
           'bench', (i * 7919) % 300
      from generate_series(0, ${GROUPS * PER_GROUP - 1}) as i
     cross join lateral (select i / ${PER_GROUP} as g, i % ${PER_GROUP} as m) as gm
     cross join lateral (select decode(md5(i::text), 'hex') as h, decode(md5('g' || g), 'hex') as gh) as hash
     cross join lateral (
       select (${SYLLABLES}::text[])[1 + get_byte(h, 0) % ${SYLLABLES.length}]
              || (${SYLLABLES}::text[])[1 + get_byte(h, 1) % ${SYLLABLES.length}]
              || (${SYLLABLES}::text[])[1 + get_byte(h, 2) % ${SYLLABLES.length}]
              || case when get_byte(h, 3) % 3 = 0 then (${SYLLABLES}::text[])[1 + get_byte(h, 4) % ${SYLLABLES.length}] else '' end
              || case when get_byte(h, 5) % 4 = 0 then ' ' || (${SYLLABLES}::text[])[1 + get_byte(h, 6) % ${SYLLABLES.length}] || 'ta' else '' end as title,
              (${ENGLISH}::text[])[1 + get_byte(gh, 0) % ${ENGLISH.length}] as en1,
              (${ENGLISH}::text[])[1 + get_byte(gh, 1) % ${ENGLISH.length}] as en2,
              (${SPANISH}::text[])[1 + get_byte(gh, 2) % ${SPANISH.length}] as es1,
              (${SPANISH}::text[])[1 + get_byte(gh, 3) % ${SPANISH.length}] as es2
     ) as w`;
  // Each group a chain of links (the way learners link one entry to the next), which the
  // variant triggers turn into one group per five entries.
  await sql`
    with numbered as (
      select e.id, row_number() over (order by e.created_at, e.id) - 1 as n from public.entries e
    ), ordered as (
      select id, n / ${PER_GROUP} as g, n % ${PER_GROUP} as m from numbered
    )
    insert into public.variant_links (entry_a, entry_b, created_by)
    select least(a.id, b.id), greatest(a.id, b.id), null
      from ordered a join ordered b on b.g = a.g and b.m = a.m + 1`;
  // What autovacuum does soon after a bulk load: statistics, and the trigram index's pending
  // list folded into the index.
  await sql`vacuum (analyze) public.entries`;
  await sql`vacuum (analyze) public.concept_members`;
  const [{ groups }] = await sql<{ groups: number }[]>`select count(distinct concept_id)::int as groups from public.concept_members`;
  console.log(`  ${groups.toLocaleString()} groups in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  // Timings on a shared machine mean little without how busy it was.
  const load = () => os.loadavg().map((value) => value.toFixed(1)).join(' ');
  console.log(`  load average ${load()} on ${os.cpus().length} CPUs`);

  if (process.env.BENCH_KEEP) {
    // For tuning by hand: keep the stack up until interrupted.
    console.log(`Keeping the database up: ${stack.dbUrl}`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }

  // The searches: what a learner types, in kinds.
  const titles = (await sql<{ title: string }[]>`select title from public.entries order by random() limit 200`).map((row) => row.title);
  const pick = <T>(items: T[], i: number) => items[(i * 2654435761) % items.length];
  const kinds: Record<string, (i: number) => string> = {
    'a whole title': (i) => pick(titles, i),
    'a title, capitals and accents': (i) => pick(titles, i).toUpperCase().replace(/a/gi, 'Á'),
    "a title's start (4 letters)": (i) => pick(titles, i).slice(0, 4),
    'an English meaning word': (i) => pick(ENGLISH, i),
    'a two-word English meaning': (i) => `${pick(ENGLISH, i)} ${pick(ENGLISH, i + 7)}`,
    'a Spanish meaning word, no accents': (i) => pick(SPANISH, i).normalize('NFD').replace(/\p{M}/gu, ''),
    'a short key (2 letters)': (i) => pick(SYLLABLES, i).slice(0, 2),
    'found nowhere': (i) => `zzqx${i}`,
  };

  const anon = { role: 'anon' };
  const viaSql = async (q: string) =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'anon', true), set_config('request.jwt.claims', ${JSON.stringify(anon)}, true)`;
      const start = performance.now();
      const [row] = await tx<{ groups: { entries: unknown[] }[] }[]>`select public.search_concepts(${q}) as groups`;
      return { ms: performance.now() - start, groups: row.groups.length };
    });
  const headers = { authorization: `Bearer ${stack.config.anonKey}` };
  const viaApi = async (q: string) => {
    const start = performance.now();
    const response = await fetch(`${stack.apiUrl}/api/concept/search?q=${encodeURIComponent(q)}`, { headers });
    const body = (await response.json()) as { data?: unknown[] };
    if (!response.ok || !Array.isArray(body.data)) throw new Error(`/api/concept/search answered ${response.status}`);
    return { ms: performance.now() - start, groups: body.data.length };
  };

  const report = (label: string, samples: number[], groupsFound: number[]) =>
    console.log(
      `${label.padEnd(40)} p50 ${percentile(samples, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(samples, 95).toFixed(2).padStart(7)} ms` +
        `   groups found (median) ${percentile(groupsFound, 50)}`,
    );

  const overall: Record<string, number> = {};
  for (const [way, search] of [['SQL, as a guest (public.search_concepts)', viaSql], ['HTTP GET /api/concept/search, as a guest', viaApi]] as const) {
    console.log(`\n${way}, ${SEARCHES} searches:`);
    const all: number[] = [];
    const perKind = Math.max(1, Math.floor(SEARCHES / Object.keys(kinds).length));
    for (const [label, query] of Object.entries(kinds)) {
      await search(query(0)); // warm up
      const samples: number[] = [];
      const found: number[] = [];
      for (let i = 1; i <= perKind; i += 1) {
        const { ms, groups } = await search(query(i));
        samples.push(ms);
        found.push(groups);
      }
      all.push(...samples);
      report(`  ${label}`, samples, found);
    }
    console.log(`  (load average ${load()})`);
    overall[way] = percentile(all, 95);
    console.log(`${'  all searches'.padEnd(40)} p50 ${percentile(all, 50).toFixed(2).padStart(7)} ms   p95 ${percentile(all, 95).toFixed(2).padStart(7)} ms   (target p95 < 20 ms)`);
  }

  // The naive way, for comparison: an unindexed scan over every member's text.
  const naive: number[] = [];
  for (let i = 0; i < 10; i += 1) {
    const start = performance.now();
    await sql`
      select distinct cm.concept_id from public.entries e join public.concept_members cm on cm.entry_id = e.id
       where extensions.unaccent(e.title || ' ' || e.description || ' ' || coalesce(e.description_es, '') || ' ' || coalesce(e.example_sentence, ''))
             ilike ${`%${pick(ENGLISH, i)}%`}
       limit 20`;
    naive.push(performance.now() - start);
  }
  console.log(`\nnaive: unaccent ILIKE scan of every member  p50 ${percentile(naive, 50).toFixed(2)} ms   p95 ${percentile(naive, 95).toFixed(2)} ms`);
  for (const [way, p95] of Object.entries(overall)) console.log(`${way} vs the naive scan: ${(percentile(naive, 95) / p95).toFixed(0)}x faster at p95`);
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
