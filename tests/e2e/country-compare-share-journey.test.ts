import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot, screenshotDir } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Issue 33 in real Chromium against the production build, on a phone: a guest goes from the
// home page's country links to a country's page (its entries best-voted first), on to an
// entry (its tab title, its country's link) and shares it where the browser has no share
// sheet (the link is copied, "Link copied"); then a comparison's own page from /compare's
// results. The app keeps the reader's language in the jerga-lng cookie. Then (issue 35) a
// learner studies the country in one tap: the toast says how many cards came, leads to the
// review, and their five new cards a day make today's session. axe on the new pages;
// screenshots in test-results/e2e/country-*.png. One browser, one context.

const run = Date.now().toString(36);
const PHONE = { width: 390, height: 844 };
const ids: Record<string, string> = {};

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

const url = (path: string) => new URL(path, stack().webUrl).href;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, locale: 'en-US' });
  // A browser without a share sheet (as most desktops): the Share button copies the link.
  await context.addInitScript(() => Reflect.deleteProperty(Navigator.prototype, 'share'));
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: stack().webUrl });
  page = await context.newPage();
  errors = consoleErrors(page);
  const sql = adminSql();
  // Equatorial Guinea's two best-voted entries, whatever else it has; and a straw group whose
  // Spanish member is the best-voted, so its meaning names the comparison.
  for (const [key, title, description, country, upvotes] of [
    ['top', `chupi ${run}`, 'Great, the best.', 'GQ', 900_001],
    ['second', `mbolo ${run}`, 'Hello, friend.', 'GQ', 900_000],
    ['popote', `popote ${run}`, 'A straw.', 'MX', 1],
    ['pajita', `pajita ${run}`, `A drinking straw ${run}.`, 'ES', 5],
  ] as const) {
    const [row] = await sql<{ id: string }[]>`
      insert into public.entries (title, description, country, author, upvotes)
      values (${title}, ${description}, ${country}, 'Country journey', ${upvotes}) returning id`;
    ids[key] = row.id;
  }
  await sql`insert into public.variant_links (entry_a, entry_b) values (${ids.popote}, ${ids.pajita})`;
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  const sql = adminSql();
  await sql`delete from public.entries where author = 'Country journey' and title like ${`% ${run}`}`;
  await closeAdminSql();
});

describe('country and comparison pages, and Share', () => {
  it('from the home page to a country, best-voted first, to an entry, and shares its link', async () => {
    await page.goto(url('/'));
    const countries = page.getByRole('navigation', { name: 'Slang by country' });
    await page.locator('.entry-grid').first().waitFor();
    await countries.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    // The row alone: the whole home page is thousands of pixels of cards.
    await countries.screenshot({ path: path.join(screenshotDir, 'country-00-home-links-phone.png') });
    await countries.getByRole('link', { name: 'Equatorial Guinea' }).click();
    await page.waitForURL('**/country/GQ');
    await page.getByRole('heading', { level: 1, name: 'Equatoguinean Spanish slang' }).waitFor();
    const titles = page.locator('.entry-grid .entry-card__title');
    await titles.first().waitFor();
    expect((await titles.allInnerTexts()).slice(0, 2)).toEqual([`chupi ${run}`, `mbolo ${run}`]);
    expect(await page.title()).toBe('Equatoguinean Spanish slang — Jerga');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'country-01-phone');

    await page.getByRole('link', { name: `chupi ${run}` }).click();
    await page.waitForURL(`**/content/${ids.top}`);
    await page.getByRole('heading', { level: 1, name: `chupi ${run}` }).waitFor();
    expect(await page.title()).toBe(`chupi ${run} — Great, the best. (Equatorial Guinea) | Jerga`);
    expect(await page.getByRole('link', { name: 'Equatorial Guinea' }).getAttribute('href')).toBe('/country/GQ');

    await page.getByRole('button', { name: 'Share' }).click();
    await page.getByText('Link copied').waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url(`/content/${ids.top}`));
    await screenshot(page, 'country-02-entry-shared');
    // The server draws pages in the language the app settled on.
    expect((await context.cookies()).find((cookie) => cookie.name === 'jerga-lng')).toMatchObject({ value: 'en-US', path: '/', sameSite: 'Lax' });
  });

  it('opened directly, a country’s page reads its entries once: the read sent before the app’s code is the app’s', async () => {
    const reads: string[] = [];
    const count = (request: { url: () => string }) => {
      if (request.url().includes('/content/getContentsSortedByVoteDesc')) reads.push(new URL(request.url()).search);
    };
    page.on('request', count);
    await page.goto(url('/country/GQ'));
    await page.getByRole('link', { name: `chupi ${run}` }).waitFor();
    page.off('request', count);
    expect(reads).toEqual(['?countries=GQ&limit=24']);
  });

  it('opens a comparison on its own page from /compare’s results', async () => {
    await page.goto(url(`/compare?q=${encodeURIComponent(`pajita ${run}`)}`));
    await page.getByRole('link', { name: `Open this comparison: pajita ${run}, popote ${run}` }).click();
    await page.waitForURL(/\/compare\/[0-9a-f-]{36}$/);
    const heading = `How to say “A drinking straw ${run}.” across countries`;
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    const table = page.getByRole('table');
    expect(await table.getByRole('rowheader').allInnerTexts()).toEqual(['Spain', 'Mexico']);
    expect(await page.title()).toBe(`${heading} — Jerga`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'country-03-compare-group-phone');
  });

  it('lets a learner study the country in one tap, and review today’s share of it', async () => {
    const learner = { name: 'Dora Deck', email: `deck-${run}@test.jerga.local`, password: 'correct-horse-9' };
    const token = await registerThroughApi(learner);
    expect((await api('/user/update', { body: { newCardsPerDay: 5 }, token })).status).toBe(200);
    await logInThroughForm(page, url('/login'), learner);
    await page.goto(url('/country/GQ'));
    await page.getByRole('button', { name: /^Study Equatorial Guinea \(\d+ cards?\)$/ }).click();
    const toast = page.locator('.toast', { hasText: /\d+ cards? added to your review/ });
    await toast.waitFor();
    await screenshot(page, 'country-04-deck-added-phone');
    const [{ id: learnerId }] = await adminSql()<{ id: string }[]>`select id from auth.users where email = ${learner.email}`;
    const held = await adminSql()<{ entry_id: string }[]>`select entry_id from public.flashcards where user_id = ${learnerId} and kind = 'basic'`;
    // The best-voted two are in the deck, whatever else the country has.
    expect(held.map((card) => card.entry_id)).toEqual(expect.arrayContaining([ids.top, ids.second]));
    expect(await toast.textContent()).toContain(`${held.length} card`);
    await toast.getByRole('button', { name: 'Review now' }).click();
    await page.waitForURL('**/flashcards');
    await page.getByText('5 cards left').waitFor();
  });

  it('writes no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
