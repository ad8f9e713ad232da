// Benchmark: Lighthouse (Debian's Chromium) on what `npm start` serves — the production
// build behind the web server, on a fresh seeded stack — for /, an entry page, a country page
// (/country/MX) and /flashcards (a signed-in learner with due cards), as a phone and as a desktop. Each is
// measured LIGHTHOUSE_RUNS times (default 3; the machine's load varies) and the run with the
// median performance score is shown. Prints the four category scores and LCP, CLS and TBT,
// then the audits that did not pass. Never fails on scores.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { ensureClientBuild } from '../stack/build.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { startWeb } from '../stack/web.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);


interface Row {
  page: string;
  formFactor: string;
  lhr: Result;
}

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score;
  return value === null || value === undefined ? '  -' : String(Math.round(value * 100)).padStart(3);
};
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? NaN;

function printTable(rows: Row[]): void {
  console.log(`\n${'page'.padEnd(22)}${'form'.padEnd(9)} perf  a11y  best   seo      FCP      LCP     CLS      TBT`);
  for (const { page, formFactor, lhr } of rows) {
    const fcp = `${(metric(lhr, 'first-contentful-paint') / 1000).toFixed(2)} s`;
    const lcp = `${(metric(lhr, 'largest-contentful-paint') / 1000).toFixed(2)} s`;
    const cls = metric(lhr, 'cumulative-layout-shift').toFixed(3);
    const tbt = `${Math.round(metric(lhr, 'total-blocking-time'))} ms`;
    const scores = CATEGORIES.map((category) => score(lhr, category)).join('   ');
    console.log(`${page.padEnd(22)}${formFactor.padEnd(9)} ${scores}  ${fcp.padStart(7)}  ${lcp.padStart(7)} ${cls.padStart(7)} ${tbt.padStart(8)}`);
  }
}

/** Scored audits that did not pass, by id, with the runs they failed in. */
function printFailedAudits(rows: Row[]): void {
  const failed = new Map<string, { title: string; runs: string[] }>();
  for (const { page, formFactor, lhr } of rows) {
    for (const category of CATEGORIES) {
      for (const ref of lhr.categories[category]?.auditRefs ?? []) {
        const audit = lhr.audits[ref.id];
        if (ref.weight === 0 || audit.score === null || audit.score >= 0.9) continue;
        const entry = failed.get(ref.id) ?? { title: audit.title, runs: [] };
        entry.runs.push(`${page} ${formFactor}`);
        failed.set(ref.id, entry);
      }
    }
  }
  console.log(failed.size ? '\nAudits that did not pass:' : '\nEvery weighted audit passed.');
  for (const [id, { title, runs }] of failed) console.log(`  ${id} — ${title} (${runs.join(', ')})`);
}

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'jerga-lighthouse-'));
const stack = await startStack({ dataDir, dbPort: await freePort(), apiPort: await freePort(), mailPort: 0, smtpPort: 0, quiet: true }, () => {});
try {
  const build = await ensureClientBuild();
  const web = await startWeb({ port: await freePort(), apiUrl: stack.apiUrl, distDir: build.distDir, apiOrigins: build.apiOrigins });
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const entries = (await (await fetch(`${web.url}/api/content/getContentsSortedByVoteDesc`)).json()) as { data: { _id: string }[] };
    // A learner with three due cards, signed in through the form in this Chromium (Lighthouse
    // then keeps the browser's storage for /flashcards, so the session stays).
    const run = Date.now().toString(36);
    const learner = { name: `Faro ${run}`, email: `lighthouse-${run}@bench.jerga.local`, password: `faro-${run}` };
    const registered = await fetch(`${web.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...learner, confirmPassword: learner.password }),
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}`);
    const { session } = (await registered.json()) as { session: { access_token: string } };
    for (const entry of entries.data.slice(0, 3)) {
      await fetch(`${web.url}/api/flashcard/addFlashcard`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.access_token}` },
        body: JSON.stringify({ contentId: entry._id }),
      });
    }
    const pages = { '/': '/', '/content/<id>': `/content/${entries.data[0]._id}`, '/country/MX': '/country/MX', '/flashcards': '/flashcards' };
    // LIGHTHOUSE_FORMS=mobile measures the phone only.
    const forms = (process.env.LIGHTHOUSE_FORMS ?? 'mobile,desktop').split(',');
    const formFactors = Object.fromEntries(
      Object.entries({ mobile: undefined, desktop: desktopConfig } as Record<string, Config | undefined>).filter(([form]) => forms.includes(form)),
    );
    const rows: Row[] = [];
    // LIGHTHOUSE_PAGES=/,/flashcards measures only those (by the names printed).
    const only = process.env.LIGHTHOUSE_PAGES?.split(',');
    for (const [page, route] of Object.entries(pages)) {
      if (only && !only.includes(page)) continue;
      const signedIn = route === '/flashcards';
      if (signedIn) {
        // (The connection is not closed: the Chromium is Lighthouse's, and it ends with it.)
        const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
        const tab = await browser.contexts()[0].newPage();
        await tab.goto(`${web.url}/login`);
        await tab.getByLabel('Email').fill(learner.email);
        await tab.getByLabel('Password', { exact: true }).fill(learner.password);
        await tab.locator('form').getByRole('button', { name: 'Log In', exact: true }).click();
        await tab.getByText(`Welcome, ${learner.name}!`).waitFor();
        await tab.close();
      }
      for (const [formFactor, config] of Object.entries(formFactors)) {
        const runs: Result[] = [];
        // A run Lighthouse itself could not finish (its runtimeError, e.g. no paint seen) is
        // reported and run again, up to as many times as RUNS, rather than counted as 0.
        for (let attempt = 1; runs.length < RUNS && attempt <= RUNS * 2; attempt += 1) {
          console.log(`Lighthouse: ${page} (${formFactor}) ${runs.length + 1}/${RUNS}...`);
          const result = await lighthouse(
            `${web.url}${route}`,
            { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES], disableStorageReset: signedIn },
            config,
          );
          if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
          if (result.lhr.runtimeError) console.log(`  run not finished by Lighthouse (${result.lhr.runtimeError.code}); again`);
          else runs.push(result.lhr);
        }
        if (!runs.length) throw new Error(`Lighthouse finished no run of ${route}`);
        const perf = (lhr: Result) => lhr.categories.performance?.score ?? 0;
        runs.sort((a, b) => perf(a) - perf(b));
        console.log(`  performance: ${runs.map((lhr) => Math.round(perf(lhr) * 100)).join(', ')}`);
        const median = runs[Math.floor(runs.length / 2)];
        rows.push({ page, formFactor, lhr: median });
        // LIGHTHOUSE_SAVE=<folder> keeps each median report's JSON, to read its audits.
        if (process.env.LIGHTHOUSE_SAVE) {
          await fs.mkdir(process.env.LIGHTHOUSE_SAVE, { recursive: true });
          const file = `${page.replace(/[^a-z]+/gi, '_')}-${formFactor}.json`;
          await fs.writeFile(path.join(process.env.LIGHTHOUSE_SAVE, file), JSON.stringify(median));
        }
      }
    }
    printTable(rows);
    printFailedAudits(rows);
  } finally {
    chrome.kill();
    await web.close();
  }
} finally {
  await stack.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
