// Benchmark: the tutor's grounding search and a whole offline turn, on a fresh local stack
// seeded with many entries. Prints p50/p95 of the entry search inside Postgres (as a
// signed-in learner), compared with the naive way (an unaccented ILIKE of every word of the
// message over every entry), and of POST /api/chat/send (offline tutor, JSON) over HTTP.
// Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { startStack } from '../stack/index.ts';
import { benchLearner, measure } from './support.ts';

const ENTRIES = Number(process.env.BENCH_ENTRIES ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const MESSAGES = ['¿Qué significa chévere?', 'what does chamva mean', 'How do they say bus in Cuba?', 'I want to learn slang from Mexico'];

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-'));
const stack = await startStack({ dataDir, dbPort: 56522, apiPort: 56521, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  console.log(`Seeding ${ENTRIES.toLocaleString()} entries (and the seed's)...`);
  await sql`
    insert into public.entries (title, description, country, example_sentence, author, upvotes, created_at)
    select 'palabra' || i || ' ' || md5(i::text),
           'significado número ' || i || case when i % 997 = 0 then ' cool, great' else '' end,
           (array['AR','BO','CL','CO','CR','CU','DO','EC','SV','GQ','GT','HN','MX','NI','PA','PY','PE','PR','ES','UY','VE'])[1 + i % 21],
           'Ejemplo ' || i, 'bench', (i::bigint * 7919) % 500, now() - (i || ' minutes')::interval
      from generate_series(1, ${ENTRIES}) as i`;
  await sql`analyze public.entries`;

  // Learners as Auth would make them, each with a live session and a chat; a few, so the
  // tutor's per-learner limit (20 a minute) never answers the bench.
  const learners = await Promise.all(
    Array.from({ length: Math.ceil((RUNS + 1) / 15) }, async () => {
      const learner = await benchLearner(sql, stack);
      const [chat] = await sql`insert into public.chats (owner, title) values (${learner.id}, 'Bench') returning id`;
      return { ...learner, chatId: chat.id as string };
    }),
  );

  const claims = JSON.stringify({ sub: learners[0].id, role: 'authenticated', session_id: learners[0].session });
  const search = await measure('entry search in SQL (tutor_entry_ids, top 5)', RUNS, (i) =>
    sql.begin(async (tx) => {
      await tx`select set_config('role', 'authenticated', true), set_config('request.jwt.claims', ${claims}, true)`;
      return tx`select * from private.tutor_entry_ids(${MESSAGES[i % MESSAGES.length]}, 5)`;
    }),
  );
  const naive = await measure('naive: unaccent ILIKE of every word, all entries', Math.max(3, Math.floor(RUNS / 4)), (i) => {
    const words = MESSAGES[i % MESSAGES.length].toLowerCase().split(/[^\p{L}]+/u).filter((word) => word.length >= 4);
    return sql`select id from public.entries
                where show and extensions.unaccent(title || ' ' || description || ' ' || coalesce(example_sentence, ''))
                      ilike any (${words.map((word) => `%${word}%`)})
                order by upvotes - downvotes desc limit 5`;
  });
  console.log(`indexed, ranked search vs the naive scan: ${(naive.p95 / search.p95).toFixed(0)}x faster at p95\n`);

  await measure('POST /api/chat/send, offline, JSON over HTTP', RUNS, async (i) => {
    const learner = learners[Math.floor(i / 15)];
    const response = await fetch(`${stack.apiUrl}/api/chat/send`, {
      method: 'POST',
      headers: { authorization: `Bearer ${learner.token}`, 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' },
      body: JSON.stringify({ chatId: learner.chatId, message: MESSAGES[i % MESSAGES.length] }),
    });
    if (!response.ok) throw new Error(`send answered ${response.status}: ${await response.text()}`);
    return response.json();
  });
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
