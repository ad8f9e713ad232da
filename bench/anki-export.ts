// Benchmark: GET /api/flashcard/exportAnki/:userId (issue 35) for a learner with 2,000 cards
// (basic, reverse, cloze and listening), 20,000 reviews and 50 recordings in Storage, among
// other learners' cards and reviews. Prints the whole download's p50/p95 over HTTP (the SQL,
// the recordings read from Storage, the collection built with sql.js and the zip streamed)
// against issue 35's budget of 2 s, public.anki_export() alone as the learner, and the plans
// of its three statements (each must read the learner's own index range). Never fails on time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { benchLearner, measure } from './support.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 2_000);
const REVIEWS_PER_CARD = Number(process.env.BENCH_REVIEWS_PER_CARD ?? 10);
const RECORDINGS = Number(process.env.BENCH_RECORDINGS ?? 50);
const OTHER_LEARNERS = Number(process.env.BENCH_OTHER_LEARNERS ?? 5);
// anki_export allows 20 calls an hour per learner: a warm-up and 10 runs over HTTP, 5 in SQL.
const RUNS = 10;
const BUDGET_MS = 2_000;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-anki-export-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });

/** A few seconds of 16 kHz mono 16-bit WAV-sized bytes (what a take weighs), distinct per file. */
const take = (i: number) => Buffer.alloc(64_000, i % 256);

try {
  const learner = await benchLearner(sql, stack);
  // Storage takes 30 uploads a minute per account: a speaker per 25 recordings.
  const speakers = await Promise.all(Array.from({ length: Math.ceil(RECORDINGS / 25) }, () => benchLearner(sql, stack)));
  const others = await Promise.all(Array.from({ length: OTHER_LEARNERS }, () => benchLearner(sql, stack)));
  console.log(`Seeding ${CARDS.toLocaleString()} entries and cards with ${(CARDS * REVIEWS_PER_CARD).toLocaleString()} reviews, for the learner and ${OTHER_LEARNERS} others...`);
  await sql`
    insert into public.entries (title, description, country, author, example_sentence, hint, description_es)
    select 'palabra' || i, 'significado número ' || i, (array['AR','MX','ES','CL','PE'])[1 + i % 5], 'bench',
           'Mi palabra' || i || ' favorita.', 'pista ' || i, 'sentido ' || i
      from generate_series(1, ${CARDS}) as i`;
  const everyone = [learner, ...others].map((user) => user.id);
  await sql`
    insert into public.flashcards (user_id, entry_id, kind, state, stability, difficulty, scheduled_days, reps, lapses, due, last_review, created_at)
    select u, e.id, (array['basic', 'reverse', 'cloze', 'basic'])[1 + n % 4], 1 + n % 3, 3 + n % 40, 1 + (n % 90) / 10.0, n % 30,
           ${REVIEWS_PER_CARD}, n % 3, now() + make_interval(days => n % 30), now() - interval '1 day', now() - make_interval(days => 400 - n % 300)
      from unnest(${everyone}::uuid[]) as u,
           lateral (select id, (row_number() over (order by id))::integer as n from public.entries) as e`;
  await sql`
    insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                                stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days, duration_ms)
    select f.id, f.user_id, 1 + (r + k) % 4, f.created_at + make_interval(days => r * 30, secs => k % 60), r, least(r, 3), least(r + 1, 3),
           f.created_at, f.created_at + make_interval(days => r * 30 + 1), r, r + 1, 5, 5, case when r = 0 then 0 else r * 3 end, 1000 + (k * 37) % 90000
      from public.flashcards f, generate_series(0, ${REVIEWS_PER_CARD - 1}) as r, lateral (select abs(hashtext(f.id::text)) % 100000 as k) h`;

  console.log(`Uploading ${RECORDINGS} recordings to Storage...`);
  const voiced = await sql<{ id: string; country: string }[]>`select id, country from public.entries order by id limit ${RECORDINGS}`;
  for (const [i, entry] of voiced.entries()) {
    const speaker = speakers[Math.floor(i / 25)];
    const objectPath = `${speaker.id}/${entry.id}/take${i}.wav`;
    const upload = await fetch(`${stack.apiUrl}/storage/v1/object/recordings/${objectPath}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${speaker.token}`, apikey: stack.config.anonKey, 'content-type': 'audio/wav' },
      body: take(i),
    });
    if (!upload.ok) throw new Error(`upload ${objectPath}: ${upload.status} ${await upload.text()}`);
    await sql`insert into public.recordings (entry_id, user_id, path, country, duration_ms) values (${entry.id}, ${speaker.id}, ${objectPath}, ${entry.country}, 2000)`;
  }
  await sql`
    insert into public.flashcards (user_id, entry_id, kind, created_at)
    select ${learner.id}, id, 'listening', now() - interval '10 days' from public.entries order by id limit ${RECORDINGS}`;
  await sql`vacuum (analyze)`;
  const kinds = await sql<{ kind: string; count: number }[]>`select kind, count(*)::integer as count from public.flashcards where user_id = ${learner.id} group by kind order by kind`;
  console.log(`  the learner's cards: ${kinds.map((row) => `${row.count} ${row.kind}`).join(', ')}`);

  let bytes = 0;
  const download = async () => {
    const reply = await fetch(`${stack.apiUrl}/api/flashcard/exportAnki/${learner.id}`, { headers: { authorization: `Bearer ${learner.token}` } });
    if (reply.status !== 200) throw new Error(`exportAnki answered ${reply.status}: ${await reply.text()}`);
    bytes = (await reply.arrayBuffer()).byteLength;
  };
  const http = await measure(`GET exportAnki (${CARDS + RECORDINGS} cards, ${CARDS * REVIEWS_PER_CARD} reviews)`, RUNS, download, 60);
  console.log(`  package ${(bytes / 1024 / 1024).toFixed(2)} MB; budget ${BUDGET_MS} ms: p95 ${http.p95 <= BUDGET_MS ? 'within' : 'OVER'}`);

  // Another learner's own budget of calls: the same data shape, the SQL alone.
  const otherClaims = JSON.stringify({ sub: others[0].id, role: 'authenticated', session_id: others[0].session });
  await measure('  public.anki_export() alone (another learner)', 5, () =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${otherClaims}, true)`;
      return tx`select public.anki_export()::text`;
    }), 60);

  console.log('Plans of its statements, as another learner (auto_explain inside public.anki_export()):');
  // The function's own statements, as it runs them: auto_explain sends each nested statement's
  // EXPLAIN ANALYZE to the client as a notice (a copy of the SQL here could drift from it).
  const notices: string[] = [];
  const explained = postgres(stack.dbUrl, { max: 1, onnotice: (notice) => notices.push(String(notice.message)) });
  try {
    const planClaims = JSON.stringify({ sub: others[1].id, role: 'authenticated', session_id: others[1].session });
    await explained.begin(async (tx) => {
      await tx.unsafe(`load 'auto_explain'`);
      await tx`select set_config('auto_explain.log_min_duration', '0', true), set_config('auto_explain.log_analyze', 'on', true),
                      set_config('auto_explain.log_nested_statements', 'on', true), set_config('auto_explain.log_level', 'notice', true)`;
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${planClaims}, true)`;
      await tx`select public.anki_export()::text`;
    });
  } finally {
    await explained.end();
  }
  // The statements that take time (the RLS checks' tiny nested ones left out).
  for (const plan of notices) {
    const took = Number(/duration: ([\d.]+) ms/.exec(plan)?.[1] ?? 0);
    if (took < 1) continue;
    const lines = plan.split('\n');
    const text = lines.find((line) => line.includes('Query Text:'))?.replace(/.*Query Text:\s*/, '').trim() ?? '';
    console.log(`  ${took.toFixed(1)} ms  ${text.slice(0, 60)}…`);
    for (const line of lines) if (/Scan|Sort Method/.test(line)) console.log(`    ${line.trim()}`);
  }
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
