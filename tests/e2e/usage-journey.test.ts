import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// How a word lands in each country, in real Chromium against the production build: a learner
// says where she lives on the Account page, marks how an entry lands in Mexico and Spain on
// its page; the map and the table change on her page and, live, on a guest's page in a second
// browser; an offensive mark puts "Rude in Spain" on the entry and its card. Then on a phone,
// in Spanish. axe on every screen. Screenshots go to test-results/e2e/usage-*.png.

const run = Date.now().toString(36);
const lupe = { name: `Lupe ${run}`, email: `lupe-usage-${run}@e2e.jerga.local`, password: `nopal-verde-${run}` };
const owner = { name: `Olga ${run}`, email: `olga-usage-${run}@e2e.jerga.local`, password: `tortilla-${run}` };
const title = `coger ${run}`;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let entryId: string;
const sessions: { context: BrowserContext; errors: string[] }[] = [];

async function newPage(options: { viewport?: typeof PHONE; language?: 'es'; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {}) {
  const viewport = options.viewport ?? { width: 1200, height: 900 };
  const context = await browser.newContext({
    viewport,
    locale: 'en-US',
    isMobile: viewport === PHONE,
    hasTouch: viewport === PHONE,
    storageState: options.storageState,
  });
  if (options.language) await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), options.language);
  const page = await context.newPage();
  sessions.push({ context, errors: consoleErrors(page) });
  return page;
}

const entryUrl = () => new URL(`/content/${entryId}`, stack().webUrl).href;
const panel = (page: Page, name = 'Where it lands') => page.getByRole('region', { name });
const country = (page: Page, code: string) => page.locator(`svg.usage-map path[data-country="${code}"]`);

/** The table row of a country: its numbers (used, understood, unknown, offensive, by locals). */
async function rowNumbers(table: Locator, name: string): Promise<string[]> {
  return table.getByRole('row', { name: new RegExp(`^${name}\\b`) }).getByRole('cell').allTextContents();
}

async function expectNoAxeFindings(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [ownerToken] = await Promise.all([registerThroughApi(owner), registerThroughApi(lupe)]);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: ownerToken,
    body: { title, description: 'To take, to catch (Spain); vulgar for sex in much of Latin America.', country: 'ES', author: owner.name },
  });
  entryId = added.body.data._id;
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('how a word lands, country by country', () => {
  let lupePage: Page;
  let guestPage: Page;

  it('Lupe says she lives in Mexico on her Account page', async () => {
    lupePage = await newPage();
    await logInThroughForm(lupePage, new URL('/login', stack().webUrl).href, lupe);
    await lupePage.goto(new URL('/account', stack().webUrl).href);
    const select = lupePage.getByLabel('Home country', { exact: true });
    expect(await select.inputValue()).toBe('');
    await select.selectOption({ label: 'Mexico' });
    await lupePage.getByRole('button', { name: 'Save home country' }).click();
    await lupePage.locator('.toast', { hasText: 'Updated successfully' }).waitFor();
    await lupePage.reload();
    await lupePage.getByLabel('Home country', { exact: true }).waitFor();
    expect(await lupePage.getByLabel('Home country', { exact: true }).inputValue()).toBe('MX');
    await expectNoAxeFindings(lupePage, 'account page');
  });

  it('the entry page shows an empty map and table to a guest and to Lupe', async () => {
    guestPage = await newPage();
    for (const page of [guestPage, lupePage]) {
      await page.goto(entryUrl());
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      // The map is drawn as the reader scrolls towards it.
      await panel(page).scrollIntoViewIfNeeded();
      await panel(page).getByRole('img', { name: new RegExp(`^Map of the Spanish-speaking countries.*${title}`) }).waitFor();
      await panel(page).getByText('Nobody has marked this word yet.').waitFor();
      // All 21 countries are on the map, none marked yet; the tiny ones get a dot.
      expect(await page.locator('svg.usage-map path[data-country]').evaluateAll((paths) => new Set(paths.map((p) => p.getAttribute('data-country'))).size)).toBe(21);
      expect(await page.locator('svg.usage-map [data-usage]:not([data-usage="unmarked"])').count()).toBe(0);
      expect(await page.locator('svg.usage-map circle.usage-map__dot').count()).toBeGreaterThan(0);
    }
    // Both pages have joined the entry's channel (Presence counts them), so marks reach them live.
    for (const page of [guestPage, lupePage]) await page.getByText('2 learners here').waitFor();
    await guestPage.getByRole('link', { name: 'Log in to mark how this word lands where you live.' }).waitFor();
    await expectNoAxeFindings(guestPage, 'entry page, guest');
  });

  it('Lupe marks it used in Mexico (her home country first): her map and table change, and the guest’s live', async () => {
    const mine = panel(lupePage);
    expect(await mine.getByLabel('Country', { exact: true }).inputValue()).toBe('MX');
    await mine.getByRole('radio', { name: 'Used' }).check();
    await mine.getByRole('status').filter({ hasText: 'Your mark is saved.' }).waitFor();
    expect(await mine.getByRole('radio', { name: 'Used' }).isChecked()).toBe(true);

    for (const page of [lupePage, guestPage]) {
      const table = panel(page).getByRole('table', { name: `How “${title}” lands, country by country` });
      await table.waitFor();
      // used, understood, unknown, offensive, by locals: she lives there.
      await expect.poll(() => rowNumbers(table, 'Mexico')).toEqual(['1', '0', '0', '0', '1']);
      await expect.poll(() => country(page, 'MX').getAttribute('data-usage')).toBe('used');
    }
    await screenshot(guestPage, 'usage-1-marked-in-mexico-live');
  });

  it('she marks it offensive in Spain: the map, the table and a "Rude in Spain" badge, on both pages', async () => {
    const mine = panel(lupePage);
    await mine.getByLabel('Country', { exact: true }).selectOption({ label: 'Spain' });
    expect(await mine.getByRole('radio', { name: 'Offensive' }).isChecked()).toBe(false);
    await mine.getByRole('radio', { name: 'Offensive' }).check();
    await mine.getByRole('status').filter({ hasText: 'Your mark is saved.' }).waitFor();

    for (const page of [lupePage, guestPage]) {
      await page.locator('.entry-detail').getByText('Rude in Spain').waitFor();
      const table = panel(page).getByRole('table');
      // Not a local's mark: she lives in Mexico.
      await expect.poll(() => rowNumbers(table, 'Spain')).toEqual(['0', '0', '0', '1', '0']);
      await expect.poll(() => country(page, 'ES').getAttribute('data-usage')).toBe('offensive');
      expect(await country(page, 'MX').getAttribute('data-usage')).toBe('used');
    }
    await screenshot(lupePage, 'usage-2-rude-in-spain');
    await expectNoAxeFindings(lupePage, 'entry page, signed in, marked');
  });

  it('the entry’s card carries the badge too', async () => {
    await guestPage.goto(new URL(`/?q=${encodeURIComponent(title)}`, stack().webUrl).href);
    const card = guestPage.getByRole('article').filter({ has: guestPage.getByRole('link', { name: title }) });
    await card.getByText('Rude in Spain').waitFor();
    await expectNoAxeFindings(guestPage, 'home grid with a rude entry');
  });

  it('she takes the Spain mark back: the badge goes, live on the other page', async () => {
    await guestPage.goto(entryUrl());
    await guestPage.locator('.entry-detail').getByText('Rude in Spain').waitFor();
    // The guest's page has joined the entry's channel (Presence counts both pages).
    await guestPage.getByText('2 learners here').waitFor();
    // Her control still shows Spain, where her mark is offensive.
    expect(await panel(lupePage).getByLabel('Country', { exact: true }).inputValue()).toBe('ES');
    expect(await panel(lupePage).getByRole('radio', { name: 'Offensive' }).isChecked()).toBe(true);
    await panel(lupePage).getByRole('button', { name: 'Take my mark back' }).click();
    await panel(lupePage).getByRole('status').filter({ hasText: 'Your mark is taken back.' }).waitFor();
    for (const page of [lupePage, guestPage]) {
      await page.locator('.entry-detail').getByText('Rude in Spain').waitFor({ state: 'detached' });
      // The map is drawn when its section comes near the screen: the guest's page was just
      // reloaded at its top, where the sections above it (Listen, Ask to hear it) keep it out.
      await panel(page).scrollIntoViewIfNeeded();
      await expect.poll(() => country(page, 'ES').getAttribute('data-usage')).toBe('unmarked');
      expect(await panel(page).getByRole('row', { name: /^Spain\b/ }).count()).toBe(0);
    }
    // And marks it offensive again, for the phone below.
    await panel(lupePage).getByRole('radio', { name: 'Offensive' }).check();
    await lupePage.locator('.entry-detail').getByText('Rude in Spain').waitFor();
  });

  it('on a phone, in Spanish: the badge, the whole map within the screen, the table; axe finds nothing', async () => {
    const phone = await newPage({ viewport: PHONE, language: 'es', storageState: await lupePage.context().storageState() });
    await phone.goto(entryUrl());
    await phone.locator('.entry-detail').getByText('Grosera en España').waitFor();
    const section = panel(phone, 'Cómo se entiende en cada país');
    const map = section.getByRole('img', { name: /^Mapa de los países hispanohablantes/ });
    await section.scrollIntoViewIfNeeded();
    await map.waitFor();
    const box = (await map.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    expect(box.width).toBeGreaterThan(PHONE.width * 0.7);
    const table = section.getByRole('table', { name: `Cómo suena «${title}», país por país` });
    await expect.poll(() => rowNumbers(table, 'México')).toEqual(['1', '0', '0', '0', '1']);
    expect(await section.getByLabel('País', { exact: true }).inputValue()).toBe('MX');
    expect(await section.getByRole('radio', { name: 'Se usa' }).isChecked()).toBe(true);
    // No sideways scrolling on the phone: not the page, not the table.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await section.locator('.usage-table-wrap').evaluate((wrap) => wrap.scrollWidth - wrap.clientWidth)).toBeLessThanOrEqual(0);
    await map.scrollIntoViewIfNeeded();
    await screenshot(phone, 'usage-3-phone-spanish');
    await expectNoAxeFindings(phone, 'entry page, phone, Spanish');
    await phone.goto(new URL('/account', stack().webUrl).href);
    expect(await phone.getByLabel('País donde vives', { exact: true }).inputValue()).toBe('MX');
    await expectNoAxeFindings(phone, 'account page, phone, Spanish');
  });

  it('wrote nothing to the console', () => {
    for (const { errors } of sessions) expect(errors).toEqual([]);
  });
});
