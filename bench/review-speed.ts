// Benchmark: rating → next card shown on /flashcards, in Debian's Chromium against what
// `npm start` serves (the production build behind the web server) on a fresh stack. A
// learner with CARDS due Review cards signs in, turns each card and presses 3 (Good); the
// page itself times each step: from the key press (a keydown listener on window, which hears
// the key before the app's own listener on the document) until the frame in which the next
// card's front shows a different title. Prints p50/p95 and whether the target is met.
// Never fails on timing.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import postgres from 'postgres';
import { chromium } from 'playwright-core';
import { ensureClientBuild } from '../stack/build.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { startWeb } from '../stack/web.ts';
import { percentile } from './support.ts';

const CARDS = Number(process.env.BENCH_CARDS ?? 40);
const TARGET_MS = 50;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

declare global {
  interface Window {
    __review?: { from: string | null; pressedAt: number; samples: number[] };
  }
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-bench-review-speed-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), seed: false, mailPort: 0, smtpPort: 0, quiet: true }, () => {});
const sql = postgres(stack.dbUrl, { onnotice: () => {} });
try {
  const build = await ensureClientBuild();
  const web = await startWeb({ port: await freePort(), apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
  const run = Date.now().toString(36);
  const learner = { name: `Bench ${run}`, email: `review-speed-${run}@bench.jerga.local`, password: `repaso-${run}` };
  const registered = await fetch(`${web.url}/api/user/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...learner, confirmPassword: learner.password }),
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  const { user } = (await registered.json()) as { user: { _id: string } };

  // CARDS basic Review cards (not new ones: the daily limit of new cards would cap them),
  // all overdue, each a different word.
  await sql`
    insert into public.entries (title, description, country, author, example_sentence)
    select 'palabra ' || i, 'significado número ' || i, 'AR', 'bench', 'Mi palabra ' || i || ' favorita.'
      from generate_series(1, ${CARDS}) as i`;
  await sql`
    insert into public.flashcards (user_id, entry_id, state, stability, difficulty, scheduled_days, reps, due, last_review)
    select ${user._id}, e.id, 2, 10, 5, 10, 3, now() - interval '1 day' - random() * interval '5 days', now() - interval '12 days'
      from public.entries e where e.author = 'bench'`;

  const browser = await chromium.launch({ executablePath: chromePath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  try {
    const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${web.url}/login`);
    await page.getByLabel('Email').fill(learner.email);
    await page.getByLabel('Password', { exact: true }).fill(learner.password);
    await page.locator('form').getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText(`Welcome, ${learner.name}!`).waitFor();
    await page.goto(`${web.url}/flashcards`);
    await page.getByText(`${CARDS} cards left`).waitFor();

    // The timer in the page: the key press, then a frame-by-frame look at the front's title.
    // (A script as text: tsx's helpers, which a compiled function would call, are not in the page.)
    await page.evaluate(`(() => {
      const state = { from: null, pressedAt: 0, samples: [] };
      window.__review = state;
      const title = () => document.querySelector('.review-card__face--front .review-card__title');
      window.addEventListener('keydown', (event) => {
        if (!/^[1-4]$/.test(event.key) || state.from === null) return;
        state.pressedAt = performance.now();
        const watch = (at) => {
          const shown = title();
          if (shown && shown.textContent !== state.from && shown.getBoundingClientRect().height > 0) {
            state.samples.push(at - state.pressedAt);
            state.from = null;
          } else requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }, true);
    })()`);

    const front = page.locator('.review-card__face--front .review-card__title');
    for (let i = 0; i < CARDS - 1; i += 1) {
      const title = await front.textContent();
      await page.keyboard.press('Space');
      await page.getByRole('group', { name: 'How well did you remember it?' }).waitFor();
      await page.evaluate((from) => {
        window.__review!.from = from;
      }, title);
      await page.keyboard.press('3');
      await page.waitForFunction((count) => window.__review!.samples.length === count, i + 1);
    }
    const samples = await page.evaluate(() => window.__review!.samples);
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);
    console.log(`\nRating → next card shown on /flashcards (${samples.length} ratings, measured in the page):`);
    console.log(`  p50 ${p50.toFixed(1)} ms   p95 ${p95.toFixed(1)} ms   max ${Math.max(...samples).toFixed(1)} ms`);
    console.log(`  target < ${TARGET_MS} ms (p95): ${p95 < TARGET_MS ? 'met' : 'NOT met'}`);
  } finally {
    await browser.close();
    await web.close();
  }
} finally {
  await sql.end();
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
