// Benchmark: the review screen's two calls for a learner with 10,000 cards, while other
// learners hold many more: due_flashcards() (the day's due list with each card's recall and
// four-button preview) and review_flashcard() (one FSRS step, the row locked, the log
// appended), both as the authenticated learner with claims, the way /api calls them (see
// supabase/functions/_shared/db.ts asCaller). Then the due query's plan, EXPLAIN (ANALYZE,
// BUFFERS), as that learner: it must read the (user_id, due) index for this learner's range
// only, never another learner's cards. Prints figures; never fails on time.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { percentile } from './support.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 10_000);
const OTHER_LEARNERS = Number(process.env.BENCH_OTHER_LEARNERS ?? 20);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 4);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const REVIEWERS = Number(process.env.BENCH_REVIEWERS ?? 100);

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-flashcards-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { max: CLIENTS + 1, onnotice: () => {} });

/** Runs work as the learner, as asCaller does: role and claims for the transaction, the session checked. */
function asLearner<T>(claims: string, work: (tx: postgres.TransactionSql) => Promise<T>): Promise<T> {
  return sql.begin(async (tx) => {
    await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
    await tx`select private.assert_session()`;
    return work(tx);
  }) as Promise<T>;
}

/** Calls per second of `call` from CLIENTS connections for SECONDS, with latency percentiles. */
async function measure(name: string, call: () => Promise<unknown>, seconds = SECONDS): Promise<void> {
  const latencies: number[] = [];
  const deadline = performance.now() + seconds * 1000;
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (performance.now() < deadline) {
        const start = performance.now();
        await call();
        latencies.push(performance.now() - start);
      }
    }),
  );
  console.log(
    `${name.padEnd(44)} ${(latencies.length / seconds).toFixed(1).padStart(8)} calls/s   ` +
      `p50 ${percentile(latencies, 50).toFixed(2).padStart(8)} ms   p95 ${percentile(latencies, 95).toFixed(2).padStart(8)} ms`,
  );
}

try {
  console.log(`Seeding ${CARDS.toLocaleString()} entries, a learner with a card for each, and ${OTHER_LEARNERS} other learners with as many...`);
  await sql`
    insert into public.entries (title, description, country, author, example_sentence)
    select 'palabra ' || i, 'significado número ' || i, (array['AR','MX','ES','CL','PE'])[1 + i % 5], 'bench', 'Mi Palabra ' || i || ' favorita.'
      from generate_series(1, ${CARDS}) as i`;
  await sql`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
    select extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'learner' || i || '@bench.jerga.local',
           jsonb_build_object('name', 'Learner ' || i), now(), now(), now()
      from generate_series(0, ${OTHER_LEARNERS}) as i`;
  const [{ id: learner }] = await sql<{ id: string }[]>`select id from auth.users where email = 'learner0@bench.jerga.local'`;
  // The most the daily limits allow, so the due list is measured at its longest.
  await sql`update public.profiles set time_zone = 'America/Mexico_City', max_reviews_per_day = 9999 where id = ${learner}`;
  const [{ id: session }] = await sql<{ id: string }[]>`
    insert into auth.sessions (id, user_id, created_at, updated_at, aal)
    values (extensions.gen_random_uuid(), ${learner}, now(), now(), 'aal1') returning id`;
  const claims = JSON.stringify({ sub: learner, role: 'authenticated', session_id: session });

  // The learner's cards are Review cards spread from 20 days overdue to a year ahead (a few
  // hundred due today), a third each basic, reverse and cloze (whose fronts the due list
  // builds: the country's name, the blanked example); the other learners' cards are all
  // overdue, so a plan that strayed outside the learner's index range would have to read
  // through them.
  await sql`
    insert into public.flashcards (user_id, entry_id, kind, state, stability, difficulty, scheduled_days, reps, due, last_review)
    select ${learner}, e.id, (array['basic', 'reverse', 'cloze'])[1 + abs(hashtext(e.id::text)) % 3], 2, s.stability, 1 + random() * 9, greatest(1, round(s.stability))::int, 5,
           now() + (random() * 385 - 20) * interval '1 day', now() - round(s.stability) * interval '1 day'
      from public.entries e, lateral (select 1 + random() * 200 as stability) s`;
  await sql`
    insert into public.flashcards (user_id, entry_id, state, stability, difficulty, scheduled_days, reps, due, last_review)
    select u.id, e.id, 2, 10, 5, 10, 3, now() - random() * interval '30 days', now() - interval '40 days'
      from auth.users u, public.entries e
     where u.email like 'learner%@bench.jerga.local' and u.id <> ${learner}`;
  await sql`analyze`;
  const [counts] = await sql<{ total: number; mine: number; due: number }[]>`
    select count(*)::int as total,
           count(*) filter (where user_id = ${learner})::int as mine,
           count(*) filter (where user_id = ${learner} and due < (((now() at time zone 'America/Mexico_City')::date + 1)::timestamp at time zone 'America/Mexico_City'))::int as due
      from public.flashcards`;
  console.log(`${counts.total.toLocaleString()} cards in all; the learner's ${counts.mine.toLocaleString()}, ${counts.due} due by the end of their day\n`);

  const dueList = await asLearner(claims, (tx) => tx<{ list: { cards: Array<{ _id: string }>; total: number } }[]>`select public.due_flashcards() as list`);
  console.log(`due_flashcards() returns ${dueList[0].list.cards.length} of ${dueList[0].list.total} due cards (${(JSON.stringify(dueList[0].list).length / 1024).toFixed(0)} KB of JSON)\n`);
  console.log(`${CLIENTS} clients, ${SECONDS} s each\n`);

  await measure(`due_flashcards() (${counts.due} due)`, () => asLearner(claims, (tx) => tx`select public.due_flashcards()`));

  // Reviews come from many learners in turn, each on their own cards (distinct cards per
  // client at any moment, as tabs would): one account may log 120 reviews a minute
  // (private.write_limits) — far above a person's pace, below this loop's — so the load is
  // spread as a day's many learners spread it: REVIEWERS accounts with 200 overdue cards
  // each. Good mostly, some Again, Hard and Easy.
  await sql`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
    select extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'reviewer' || i || '@bench.jerga.local',
           jsonb_build_object('name', 'Reviewer ' || i), now(), now(), now()
      from generate_series(1, ${REVIEWERS}) as i`;
  await sql`
    insert into public.flashcards (user_id, entry_id, state, stability, difficulty, scheduled_days, reps, due, last_review)
    select u.id, e.id, 2, 10, 5, 10, 3, now() - random() * interval '30 days', now() - interval '40 days'
      from auth.users u, (select id from public.entries order by random() limit 200) e
     where u.email like 'reviewer%@bench.jerga.local'`;
  const reviewers = await Promise.all(
    (await sql<{ id: string }[]>`select id from auth.users where email like 'reviewer%@bench.jerga.local'`).map(async ({ id }) => {
      const [{ id: reviewerSession }] = await sql<{ id: string }[]>`
        insert into auth.sessions (id, user_id, created_at, updated_at, aal)
        values (extensions.gen_random_uuid(), ${id}, now(), now(), 'aal1') returning id`;
      const deck = (await sql<{ id: string }[]>`select id from public.flashcards where user_id = ${id}`).map((row) => row.id);
      return { claims: JSON.stringify({ sub: id, role: 'authenticated', session_id: reviewerSession }), deck };
    }),
  );
  let next = 0;
  await measure('review_flashcard()', () => {
    const turn = next++;
    const reviewer = reviewers[turn % reviewers.length];
    const card = reviewer.deck[Math.floor(turn / reviewers.length) % reviewer.deck.length];
    const rating = [3, 3, 3, 1, 2, 4][turn % 6];
    return asLearner(reviewer.claims, (tx) => tx`select public.review_flashcard(${card}, ${rating}::smallint)`);
  });
  const [{ reviews }] = await sql<{ reviews: number }[]>`select count(*)::int as reviews from public.reviews`;
  console.log(`${`(reviews logged, ${REVIEWERS} learners)`.padEnd(44)} ${String(reviews).padStart(8)}`);

  // A learner back after a long break: every card due at once (the worst case of the list).
  await sql`update public.flashcards set due = now() - random() * interval '300 days' where user_id = ${learner}`;
  await sql`analyze public.flashcards`;
  await measure(`due_flashcards() (all ${CARDS.toLocaleString()} due)`, () => asLearner(claims, (tx) => tx`select public.due_flashcards()`), Math.max(SECONDS, 10));
  await sql`update public.flashcards set due = now() + (random() * 385 - 20) * interval '1 day' where user_id = ${learner}`;
  await sql`analyze public.flashcards`;
  const [{ due: dueNow }] = await sql<{ due: number }[]>`
    select count(*)::int as due from public.flashcards
     where user_id = ${learner} and due < (((now() at time zone 'America/Mexico_City')::date + 1)::timestamp at time zone 'America/Mexico_City')`;

  // The Review cards' part of the due query (private.session_flashcards), as the learner
  // (RLS on), with the same parameters it runs with, prepared as plpgsql prepares it.
  const plan = await asLearner(claims, async (tx) => {
    await tx.unsafe(`
      prepare due_query(uuid, timestamptz, timestamptz) as
      select jsonb_agg(private.due_flashcard_json(f, e, $2) order by f.due, f.id)
        from (select f.* from public.flashcards f
               where f.user_id = $1 and f.due < $3 and f.state = 2
                 and exists (select 1 from public.entries e where e.id = f.entry_id)
               order by f.due, f.id
               limit 100) f
        join public.entries e on e.id = f.entry_id`);
    const rows = await tx.unsafe<{ 'QUERY PLAN': string }[]>(
      // EXPLAIN takes no bind parameters: the learner's id (a uuid read from the database) is inlined.
      `explain (analyze, buffers, costs off) execute due_query('${learner}', now(), ((now() at time zone 'America/Mexico_City')::date + 1)::timestamp at time zone 'America/Mexico_City')`,
    );
    return rows.map((row) => row['QUERY PLAN']);
  });
  console.log(`\nEXPLAIN (ANALYZE, BUFFERS) of the due query, as the learner:\n${plan.map((line) => `  ${line}`).join('\n')}`);
  const text = plan.join('\n');
  const usesIndex = /Index (Only )?Scan using flashcards_user_due_idx/.test(text) || /Bitmap Index Scan on flashcards_user_due_idx/.test(text);
  const scansTable = /Seq Scan on flashcards/.test(text);
  const flashcardRows = /(?:Index (?:Only )?Scan using|Bitmap Index Scan on) flashcards_user_due_idx[^\n]*? rows=(\d+)/.exec(text)?.[1];
  console.log(
    `\nflashcards_user_due_idx used: ${usesIndex ? 'yes' : 'NO'}; sequential scan of flashcards: ${scansTable ? 'YES' : 'no'}; ` +
      `index entries read: ${flashcardRows ?? '?'} (dead versions from the updates above included) of ${counts.total.toLocaleString()} (the learner's due ones: ${dueNow})`,
  );
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
