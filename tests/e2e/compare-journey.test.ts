import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, screenshot } from '../support/browser.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

// Compare across countries in real Chromium against the production build: a guest follows
// the nav to /compare, types "straw", sees the straw group as one row per country (flag,
// country, the word linking to its entry, its meaning) and follows a word to its entry; the
// search stays in the address. Then a phone in Spanish, where meanings are Spanish. axe on
// each. The group is made here (entries and links in SQL), not taken from the seed.
// Screenshots go to test-results/e2e/compare-*.png.

const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };

let browser: Browser;
const contexts: { context: BrowserContext; errors: string[] }[] = [];
const ids: Record<string, string> = {};

const url = (path: string) => new URL(path, stack().webUrl).href;

async function newPage(options: { viewport: typeof PHONE; language?: 'es' }): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport, locale: 'en-US', isMobile: options.viewport === PHONE });
  if (options.language) await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), options.language);
  const page = await context.newPage();
  contexts.push({ context, errors: consoleErrors(page) });
  return page;
}

/** Our group's table, whatever other groups (the seed's) say straw too. */
const ourGroup = (page: Page) => page.getByRole('table', { name: new RegExp(`sorbete ${run}`) });

beforeAll(async () => {
  browser = await launchBrowser();
  const sql = adminSql();
  for (const [key, title, country] of [
    ['sorbete', `sorbete ${run}`, 'AR'],
    ['pajita', `pajita ${run}`, 'ES'],
    ['popote', `popote ${run}`, 'MX'],
  ]) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.entries (title, description, description_es, country, author, example_sentence)
      values (${title}, 'A drinking straw.', ${`Tubito para sorber (${country}).`}, ${country}, 'Compare journey', ${`Dame un ${title}.`})
      returning id`;
    ids[key] = row.id;
  }
  await sql`insert into public.variant_links (entry_a, entry_b) values (${ids.sorbete}, ${ids.pajita}), (${ids.pajita}, ${ids.popote})`;
});

afterAll(async () => {
  await Promise.all(contexts.map(({ context }) => context.close()));
  await browser?.close();
  await closeAdminSql();
});

describe('compare across countries', () => {
  it('a guest types "straw" and sees one row per country, then follows a word to its entry', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(url('/'));
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Compare' }).click();
    await page.waitForURL('**/compare');
    await page.getByRole('heading', { level: 1, name: 'Compare across countries' }).waitFor();
    await page.getByRole('searchbox', { name: 'Word or meaning' }).fill('straw');
    const table = ourGroup(page);
    await table.waitFor();
    await page.waitForURL('**/compare?q=straw');
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(['Argentina', 'Spain', 'Mexico']);
    const mexico = table.getByRole('row', { name: /Mexico/ });
    expect(await mexico.getByRole('cell').allInnerTexts()).toEqual([`popote ${run}`, 'A drinking straw.']);
    expect(await table.locator('img.country-flag').count()).toBe(3);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'compare-01-straw');

    await table.getByRole('link', { name: `pajita ${run}` }).click();
    await page.waitForURL(`**/content/${ids.pajita}`);
    await page.getByRole('heading', { level: 1, name: `pajita ${run}` }).waitFor();
    // Back to the same comparison.
    await page.goBack();
    await ourGroup(page).waitFor();
    expect(await page.getByRole('searchbox', { name: 'Word or meaning' }).inputValue()).toBe('straw');
  });

  it('on a phone in Spanish, with the keyboard: meanings in Spanish, nothing wider than the screen', async () => {
    const page = await newPage({ viewport: PHONE, language: 'es' });
    await page.goto(url('/compare'));
    await page.getByRole('heading', { level: 1, name: 'Comparar entre países' }).waitFor();
    const box = page.getByRole('searchbox', { name: 'Palabra o significado' });
    await box.focus();
    await page.keyboard.type(`popote ${run}`);
    await page.keyboard.press('Enter');
    const table = ourGroup(page);
    await table.waitFor();
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(['Argentina', 'España', 'México']);
    await table.getByText('Tubito para sorber (MX).').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'compare-02-phone-es');

    // Tab reaches the words; Enter follows one.
    const firstWord = table.getByRole('link', { name: `sorbete ${run}` });
    for (let i = 0; i < 10 && !(await firstWord.evaluate((element) => element === document.activeElement)); i += 1) await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/content/${ids.sorbete}`);
  });

  it('says so when nothing matches', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(url(`/compare?q=zzqx${run}`));
    await page.getByText(`No group of words across countries matches "zzqx${run}" yet.`, { exact: false }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('writes no errors to the console', () => {
    expect(contexts.flatMap((item) => item.errors)).toEqual([]);
  });
});
