import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Pages served with their own HTML (supabase/functions/_shared/pages) and the app taking
// them over: an entry, the home page and a country page. The words are where they were
// before any script ran, and no spinner or empty page ever shows in between.
// Screenshots: test-results/e2e/server-page-*.png.

type Device = Pick<BrowserContextOptions, 'viewport' | 'isMobile' | 'hasTouch' | 'locale'>;
const PHONE: Device = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true, locale: 'en-US' };
/** A desktop reading Spanish: the search's filters are open beside the text box, the words longer. */
const DESKTOP_ES: Device = { viewport: { width: 1280, height: 800 }, locale: 'es-ES' };
type Parts = Record<string, string>;
const ENTRY: Parts = { title: 'h1.entry-detail__title', meaning: '.entry-detail__description', example: '.entry-detail__example' };
/** A list page: its hero and the grid's first card (its title, the country, the author line). */
const LIST: Parts = {
  hero: 'h1.hero__title',
  heroText: '.hero__text',
  firstTitle: '.entry-grid > li:first-child .entry-card__title',
  firstAuthor: '.entry-grid > li:first-child .entry-card__author',
};
/** The home page also has its search and word of the day above the grid, and the countries below. */
const HOME: Parts = { ...LIST, search: 'form.search-bar', word: '.word-of-the-day', sort: '.sort-switch', countries: '.country-links' };

let browser: Browser;
let entryId: string;
const run = Date.now().toString(36);
const learner = { name: `Lena ${run}`, email: `lena-${run}@e2e.jerga.local`, password: `pampa-y-mate-${run}` };

type Box = { x: number; y: number; width: number; height: number };
interface Takeover {
  spinner: boolean;
  /** Parts missing once the HTML was parsed (each time one was seen missing). */
  gone: string[];
  moved: string[];
  checks: number;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    body: { title: `chamba ${Date.now().toString(36)}`, description: 'work, a job', country: 'MX', exampleSentence: 'Tengo mucha chamba hoy.', author: 'Takeover test' },
  });
  expect(added.status).toBe(201);
  entryId = added.body.data._id;
  await registerThroughApi(learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

/** Where each part of the page is drawn, in CSS pixels. */
async function positions(page: Page, parts: Parts): Promise<Record<string, Box>> {
  const found: Record<string, Box> = {};
  for (const [name, selector] of Object.entries(parts)) {
    const box = await page.locator(selector).boundingBox();
    if (!box) throw new Error(`${selector} is not drawn`);
    found[name] = box;
  }
  return found;
}

/** Where the parts are before any script: the server's HTML alone (and the first part's words). */
async function beforeScripts(url: string, parts: Parts, name: string, device = PHONE): Promise<{ served: Record<string, Box>; words: string | null }> {
  const context = await browser.newContext({ ...device, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(url);
  const served = await positions(page, parts);
  const words = await page.locator(Object.values(parts)[0]).textContent();
  await screenshot(page, `server-page-${name}-no-js`);
  await context.close();
  return { served, words };
}

/**
 * Opens `url` with the app running, watching each change to the page from the first parse
 * on: the entry's words stay on screen (React swaps the markup in one commit), never move,
 * and no loading state appears. A `learner` signs in first (no service worker: a navigation
 * reaches the server, as a first visit's does).
 */
async function takeOver(
  url: string,
  parts: Parts,
  name: string,
  learner?: { name: string; email: string; password: string },
  device = PHONE,
): Promise<{ seen: Takeover; taken: Record<string, Box> }> {
  const context = await browser.newContext({ ...device, serviceWorkers: 'block' });
  const page = await context.newPage();
  const errors = consoleErrors(page);
  if (learner) await logInThroughForm(page, `${stack().webUrl}/login`, learner);
  await context.addInitScript((parts) => {
    const seen = { spinner: false, gone: [] as string[], moved: [] as string[], checks: 0 };
    (window as unknown as { takeover: typeof seen }).takeover = seen;
    let first: Record<string, string> | undefined;
    const check = () => {
      const root = document.getElementById('root');
      if (!root) return;
      seen.checks += 1;
      // The page's own loading (or error) panel in place of its words, a list's in place of
      // its cards, or the loading popup; an entry's sections below it load on their own,
      // after it is drawn.
      if (root.querySelector('main > .page > .state-panel, main > .state-panel, .results > .state-panel, .popup-overlay')) seen.spinner = true;
      // Where things are is read once the styles are in (nothing is painted before).
      const sheets = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      if (!sheets.length || sheets.some((sheet) => !sheet.sheet)) return;
      const now: Record<string, string> = {};
      for (const [name, selector] of Object.entries(parts)) {
        const element = root.querySelector(selector);
        if (!element) {
          // While the HTML is still being parsed a long page's later parts are not in yet
          // (the app's scripts, modules, run only once it is parsed): missing after that is gone.
          if (document.readyState !== 'loading') seen.gone.push(name);
          return;
        }
        const box = element.getBoundingClientRect();
        now[name] = `${box.x},${box.y + window.scrollY},${box.width},${box.height}`;
      }
      first ??= now;
      for (const name of Object.keys(now)) if (now[name] !== first[name]) seen.moved.push(`${name}: ${first[name]} → ${now[name]}`);
    };
    new MutationObserver(check).observe(document, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', check);
  }, parts);
  await page.goto(url);
  // The app's own header (with its navigation) is drawn once React has the page.
  await page.locator('header.site-header:not([aria-hidden]) nav').first().waitFor({ state: 'attached' });
  await page.waitForLoadState('networkidle');
  const taken = await positions(page, parts);
  await screenshot(page, `server-page-${name}-app${learner ? '-learner' : ''}`);
  const seen = await page.evaluate(() => (window as unknown as { takeover: Takeover }).takeover);
  expect(errors).toEqual([]);
  await context.close();
  return { seen, taken };
}

describe('an entry page taken over by the app', () => {
  it('keeps the title, meaning and example in place, with no spinner or empty page in between', async () => {
    const url = `${stack().webUrl}/content/${entryId}`;
    const { served, words } = await beforeScripts(url, ENTRY, 'entry');
    expect(words).toMatch(/^chamba /);
    const { seen, taken } = await takeOver(url, ENTRY, 'entry');
    expect(seen.checks).toBeGreaterThan(1);
    expect(seen.spinner).toBe(false);
    expect(seen.gone).toEqual([]);
    expect(seen.moved).toEqual([]);
    expect(taken).toEqual(served);
  });

  it('for a signed-in learner too: the server’s copy stays up until their own view is drawn in its place', async () => {
    const url = `${stack().webUrl}/content/${entryId}`;
    const { served } = await beforeScripts(url, ENTRY, 'entry');
    const { seen, taken } = await takeOver(url, ENTRY, 'entry', learner);
    expect(seen.checks).toBeGreaterThan(1);
    expect(seen.spinner).toBe(false);
    expect(seen.gone).toEqual([]);
    expect(seen.moved).toEqual([]);
    expect(taken).toEqual(served);
  });
});

describe('list pages taken over by the app', () => {
  it('the home page: hero, search, word of the day, the first card and the countries stay where the server drew them, with no loading popup', async () => {
    const url = `${stack().webUrl}/`;
    const { served, words } = await beforeScripts(url, HOME, 'home');
    expect(words).toBe('Learn Spanish as it is really spoken');
    const { seen, taken } = await takeOver(url, HOME, 'home');
    expect(seen.checks).toBeGreaterThan(1);
    expect(seen.spinner).toBe(false);
    expect(seen.gone).toEqual([]);
    expect(seen.moved).toEqual([]);
    expect(taken).toEqual(served);
  });

  it('the home page on a desktop in Spanish too: the search’s filters beside it, nothing moves', async () => {
    const url = `${stack().webUrl}/`;
    const parts = { ...HOME, tagsFilter: '.search-bar__filters .multi-select:nth-child(2)' };
    const { served, words } = await beforeScripts(url, parts, 'home-desktop-es', DESKTOP_ES);
    expect(words).toBe('Aprende el español como se habla de verdad');
    const { seen, taken } = await takeOver(url, parts, 'home-desktop-es', undefined, DESKTOP_ES);
    expect(seen.spinner).toBe(false);
    expect(seen.gone).toEqual([]);
    expect(seen.moved).toEqual([]);
    expect(taken).toEqual(served);
  });

  it('a country page: its hero and first card stay where the server drew them, with no spinner', async () => {
    const url = `${stack().webUrl}/country/MX`;
    const { served, words } = await beforeScripts(url, LIST, 'country');
    expect(words).toBe('Mexican Spanish slang');
    const { seen, taken } = await takeOver(url, LIST, 'country');
    expect(seen.checks).toBeGreaterThan(1);
    expect(seen.spinner).toBe(false);
    expect(seen.gone).toEqual([]);
    expect(seen.moved).toEqual([]);
    expect(taken).toEqual(served);
  });
});
