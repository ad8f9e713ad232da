// Benchmark: how fast a committed vote reaches the browsers watching its entry, through the
// local stack's Realtime. N sockets (real realtime-js clients over `ws`, guests) join the
// entry's private channel; votes are cast one after another in SQL (the app's trigger
// broadcasts each at commit); every socket times each message from just before the vote's
// statement to its arrival. Prints p50/p95/p99 and messages lost for N = 10, 100, 1000, 3000.
// The sockets run in the same Node process as the stack, on the same 2 cores: a pessimistic
// setting. Never fails on time.
//
// Measured 2026-11-23 (2 cores, 50 votes): 10 sockets p50 1.2 / p95 3.6 / p99 4.7 ms;
// 100 sockets 4.8 / 20.1 / 34.3 ms; 1000 sockets 37.3 / 53.3 / 103.2 ms; nothing lost.
// 2026-11-25 (fastlane fan-out, per-client limits and the session check on): 1000 sockets
// p95 97-130 ms over three runs (the previous commit, same day: 85 ms, one run); 3000 sockets
// p50 183 / p95 282 / p99 351 ms (previous commit 287 ms); nothing lost. With the clients in
// this process, their decoding dominates at 3000: the server's encoding is no longer per socket.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { RealtimeClient, type WebSocketLikeConstructor } from '@supabase/realtime-js';
import postgres from 'postgres';
import WebSocket from 'ws';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { percentile } from './support.ts';

const SOCKETS = (process.env.BENCH_SOCKETS ?? '10,100,1000,3000').split(',').map(Number);
const VOTES = Number(process.env.BENCH_VOTES ?? 50);
const transport = WebSocket as unknown as WebSocketLikeConstructor;

const until = async (done: () => boolean, ms: number) => {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10));
};

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-realtime-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  const [{ id: entry }] = await sql<{ id: string }[]>`
    insert into public.entries (title, description, country, author) values ('al tiro', 'Right away.', 'CL', 'bench') returning id`;
  const voters = await sql<{ id: string }[]>`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, created_at, updated_at, email_confirmed_at)
    select extensions.gen_random_uuid(), 'authenticated', 'authenticated', 'rt' || i || '@bench.jerga.local',
           jsonb_build_object('name', 'Voter ' || i), now(), now(), now()
      from generate_series(1, ${VOTES}) as i
    returning id`;
  const url = `${stack.apiUrl.replace(/^http/, 'ws')}/realtime/v1`;

  console.log(`${VOTES} votes on one entry, each timed at every socket watching it (commit -> arrival)\n`);
  for (const count of SOCKETS) {
    await sql`delete from public.votes where entry_id = ${entry}`;
    const clients: RealtimeClient[] = [];
    const sentAt = new Map<number, number>();
    const latencies: number[] = [];
    let joined = 0;
    let received = 0;
    for (let i = 0; i < count; i++) {
      const client = new RealtimeClient(url, { params: { apikey: stack.config.anonKey }, transport });
      clients.push(client);
      client
        .channel(`entry:${entry}`, { config: { private: true } })
        .on('broadcast', { event: 'vote' }, ({ payload }: { payload: { upvotes: number } }) => {
          received++;
          const start = sentAt.get(payload.upvotes);
          if (start !== undefined) latencies.push(performance.now() - start);
        })
        .subscribe((status) => {
          if (status === 'SUBSCRIBED') joined++;
        });
    }
    await until(() => joined === count, 120_000);
    if (joined < count) console.log(`  only ${joined} of ${count} sockets joined`);

    // Each vote raises upvotes by one: the count names the message.
    for (let n = 1; n <= VOTES; n++) {
      sentAt.set(n, performance.now());
      await sql`insert into public.votes (entry_id, user_id, value) values (${entry}, ${voters[n - 1].id}, 1)`;
    }
    const expected = VOTES * joined;
    await until(() => received >= expected, 30_000);
    console.log(
      `${String(count).padStart(5)} sockets   p50 ${percentile(latencies, 50).toFixed(1).padStart(7)} ms   ` +
        `p95 ${percentile(latencies, 95).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 99).toFixed(1).padStart(7)} ms   ` +
        `lost ${expected - received} of ${expected}`,
    );
    await Promise.all(clients.map((client) => client.removeAllChannels().then(() => client.disconnect())));
  }
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
