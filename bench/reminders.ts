// Benchmark: the daily reminder's tick at 100,000 learners, through the real `reminders`
// function on a fresh local stack (claim in Postgres + mail over SMTP into the catcher).
// Learners have reminders on at a random minute of the day in one of 24 time zones, three
// cards each; one in ten has nothing due, one in ten reviewed today, one in five wants push
// too. Timed: (1) the ticks after a long stop, which catch up on the whole hour before it
// (every learner whose time came in the last 60 minutes; a tick claims no batch after 6 s,
// the next minutes' ticks take the rest); (2) the steady state, the next minute's tick; (3) the claim alone in SQL for a whole hour's window (rolled back). Never
// fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { percentile } from './support.ts';

const LEARNERS = Number(process.env.BENCH_LEARNERS ?? 100_000);
const ZONES = [
  'UTC', 'Europe/Madrid', 'Europe/London', 'America/Mexico_City', 'America/Bogota', 'America/Lima', 'America/Santiago',
  'America/Argentina/Buenos_Aires', 'America/Caracas', 'America/Havana', 'America/Guatemala', 'America/Montevideo',
  'America/Asuncion', 'America/La_Paz', 'America/Panama', 'America/Santo_Domingo', 'America/New_York', 'America/Los_Angeles',
  'Atlantic/Canary', 'Africa/Malabo', 'Asia/Tokyo', 'Asia/Kolkata', 'Asia/Kathmandu', 'Australia/Sydney',
];
/** The first tick: an hour's worth of learners are due at once. */
const AT = new Date('2031-06-10T18:30:00Z');

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-reminders-'));
const stack = await startStack(
  { dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true, sweepIntervalSeconds: 0, remindersIntervalSeconds: 0 },
  () => {},
);
const sql = postgres(stack.dbUrl, { onnotice: () => {} });

async function tick(at: Date): Promise<{ ms: number; reply: Record<string, number> }> {
  const started = performance.now();
  const response = await fetch(`${stack.apiUrl}/functions/v1/reminders`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.config.secretKey}`, 'content-type': 'application/json' },
    body: JSON.stringify({ at: at.toISOString() }),
  });
  const reply = (await response.json()) as Record<string, number>;
  if (!response.ok) throw new Error(`tick answered ${response.status}: ${JSON.stringify(reply)}`);
  return { ms: performance.now() - started, reply };
}

const show = (label: string, { ms, reply }: { ms: number; reply: Record<string, number> }) =>
  console.log(`${label.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms   claimed ${reply.claimed}, mailed ${reply.mailed}, failed ${reply.failed}, push wanted ${reply.pushWanted}`);

try {
  console.log(`Seeding ${LEARNERS.toLocaleString()} learners with reminders on, 3 cards each...`);
  const seeding = performance.now();
  await sql`insert into public.entries (title, description, country, author)
            select 'palabra ' || i, 'significado ' || i, 'MX', 'bench' from generate_series(1, 3) as i`;
  // The zones below are valid; the per-row check (it reads pg_timezone_names, ~7 ms a row)
  // would make seeding take half an hour. Back on before anything is measured.
  await sql`alter table public.profiles disable trigger profiles_check_time_zone`;
  await sql`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
    select extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'learner' || i || '@bench.jerga.local',
           jsonb_build_object('name', 'Learner ' || i), now(), now(), now()
      from generate_series(1, ${LEARNERS}) as i`;
  await sql`
    update public.profiles p
       set remind_by_email = true,
           remind_by_push = (hashtext(p.id::text) % 5 = 0),
           time_zone = (${ZONES}::text[])[1 + abs(hashtext(p.id::text || 'zone')) % ${ZONES.length}],
           remind_at = make_time(abs(hashtext(p.id::text || 'hour')) % 24, abs(hashtext(p.id::text || 'minute')) % 60, 0),
           language = case when hashtext(p.id::text || 'language') % 2 = 0 then 'es' else 'en' end`;
  await sql`alter table public.profiles enable trigger profiles_check_time_zone`;
  // Three cards each; one learner in ten has them all due next month.
  await sql`
    insert into public.flashcards (user_id, entry_id, due)
    select p.id, e.id,
           case when abs(hashtext(p.id::text || 'idle')) % 10 = 0 then ${AT}::timestamptz + interval '30 days' else ${AT}::timestamptz - interval '1 day' end
      from public.profiles p cross join public.entries e`;
  // One learner in ten reviewed a card earlier on the tick's day.
  await sql`
    insert into public.reviews (flashcard_id, user_id, rating, reviewed_at, elapsed_days, state_before, state_after, due_before, due_after,
                                stability_before, stability_after, difficulty_before, difficulty_after, scheduled_days)
    select f.id, f.user_id, 3, ${AT}::timestamptz - interval '20 minutes', 0, 0, 1, f.due, f.due, 0, 1, 5, 5, 0
      from public.flashcards f
     where abs(hashtext(f.user_id::text || 'reviewed')) % 10 = 0
       and f.entry_id = (select min(e.id::text)::uuid from public.entries e)`;
  await sql`vacuum (analyze) public.profiles, public.flashcards, public.reviews, auth.users`;
  console.log(`  seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s\n`);

  // Rolled back (a thrown sentinel), so the ticks below still find everyone unclaimed.
  console.log("The claim alone in SQL (an hour's window, everyone unclaimed, rolled back):");
  const claimRuns: number[] = [];
  let claimedInSql = 0;
  const rolledBack = new Error('rolled back');
  for (let run = 0; run < 3; run += 1) {
    await sql
      .begin(async (tx) => {
        const started = performance.now();
        const [row] = await tx<{ claimed: number }[]>`select count(*)::integer as claimed from private.claim_reminders(${AT}, ${LEARNERS})`;
        claimRuns.push(performance.now() - started);
        claimedInSql = row.claimed;
        throw rolledBack;
      })
      .catch((error: unknown) => {
        if (error !== rolledBack) throw error;
      });
  }
  console.log(`${'  private.claim_reminders, no batch limit'.padEnd(52)} p50 ${percentile(claimRuns, 50).toFixed(0).padStart(5)} ms   (claims ${claimedInSql} learners)`);

  console.log('\nTicks through the function (claim + mail into the catcher):');
  // After a long stop an hour's learners are due at once: a tick claims no batch after 6 s,
  // and the ticks of the next minutes take the rest (the claim's window is an hour).
  const catchUp: number[] = [];
  let minute = 0;
  for (;;) {
    const result = await tick(new Date(AT.getTime() + minute * 60_000));
    catchUp.push(result.ms);
    show(minute === 0 ? 'first tick after a stop (an hour is due)' : `  catching up, the next minute (+${minute})`, result);
    minute += 1;
    if (result.reply.claimed < 500 || minute > 30) break;
  }
  console.log(`${'catching up an hour after a stop'.padEnd(52)} ${catchUp.length} ticks, longest ${Math.max(...catchUp).toFixed(0)} ms`);
  const steady: number[] = [];
  for (const last = minute + 5; minute < last; minute += 1) {
    const result = await tick(new Date(AT.getTime() + minute * 60_000));
    steady.push(result.ms);
    show(`  the next minute (+${minute})`, result);
  }
  console.log(`${'steady state, one tick a minute'.padEnd(52)} p50 ${percentile(steady, 50).toFixed(0).padStart(5)} ms   max ${Math.max(...steady).toFixed(0)} ms`);
  show('the same minute again (nobody twice)', await tick(new Date(AT.getTime() + (minute - 1) * 60_000)));
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
