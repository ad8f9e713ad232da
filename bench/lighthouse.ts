// Benchmark: Lighthouse (Debian's Chromium) on what `npm start` serves — the production
// build behind the web server, on a fresh seeded stack — for / and an entry page, as a
// phone and as a desktop. Prints the four category scores and LCP, CLS and TBT, then the
// audits that did not pass. Never fails on scores.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { desktopConfig, type Config, type Result } from 'lighthouse';
import { ensureClientBuild } from '../stack/build.ts';
import { freePort } from '../stack/free-port.ts';
import { startStack } from '../stack/index.ts';
import { startWeb } from '../stack/web.ts';

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'] as const;
const chromePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';


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
    const pages = { '/': '/', '/content/<id>': `/content/${entries.data[0]._id}` };
    const formFactors: Record<string, Config | undefined> = { mobile: undefined, desktop: desktopConfig };
    const rows: Row[] = [];
    for (const [page, route] of Object.entries(pages)) {
      for (const [formFactor, config] of Object.entries(formFactors)) {
        console.log(`Lighthouse: ${page} (${formFactor})...`);
        const result = await lighthouse(`${web.url}${route}`, { port: chrome.port, logLevel: 'error', onlyCategories: [...CATEGORIES] }, config);
        if (!result) throw new Error(`Lighthouse returned nothing for ${route}`);
        rows.push({ page, formFactor, lhr: result.lhr });
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
