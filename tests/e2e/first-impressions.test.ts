import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/browser.ts';
import { stack } from '../support/stack.ts';
import {
  box, checkAccountPage, checkAxe, entryId, inside, LANGUAGES, logIn, longEntryId, open, overlaps, problems,
  setUpFirstImpressions, tearDownFirstImpressions, visit, VIEWPORTS, walkWords, words,
  type Box, type Language, type Theme, type ViewportName,
} from '../support/first-impressions.ts';

// What a newcomer meets on every screen, in real Chromium against the production build:
// axe-core finds no serious or critical problem on any route, in English and Spanish, on a
// desktop and a phone (with the menus and dialogs open too), and the console stays clean (no
// CSP violation, no 403 on logout). The layout defects newcomers reported are checked in
// first-impressions-layout.test.ts. Screenshots go to test-results/e2e/first-*.png.

beforeAll(setUpFirstImpressions);
afterAll(tearDownFirstImpressions);

/** One viewport, language and theme: a page of its own, walked by the steps below in order. */
interface Lane {
  viewport: ViewportName;
  language: Language;
  theme: Theme;
  context: BrowserContext;
  page: Page;
  errors: string[];
  label: (route: string) => string;
}

const LANES = [
  ...(Object.keys(VIEWPORTS) as ViewportName[]).flatMap((viewport) => LANGUAGES.map((language) => ({ viewport, language, theme: 'light' as Theme }))),
  // The dark theme too: each language and each viewport once.
  { viewport: 'desktop' as ViewportName, language: 'es' as Language, theme: 'dark' as Theme },
  { viewport: 'phone' as ViewportName, language: 'en-US' as Language, theme: 'dark' as Theme },
];

/** As a guest: no serious accessibility problem on any route (and the phone's menu keeps Tab). */
async function guestSweep({ viewport, language, theme, page, label }: Lane) {
  for (const route of ['/', `/content/${entryId}`, '/addContent', '/addTag', '/addfeedback', '/login', '/register', '/forgot-password', '/reset-password', '/account', '/flashcards', '/chat', '/admin', '/contents', '/no-such-page']) {
    await visit(page, route);
    await checkAxe(page, label(route));
    // The language switch names each language in itself, marked with its language, in
    // the main bar and the admin area's (never "Inglés").
    if (route === '/' || route === '/admin') {
      // By class: on a phone the switch waits in the closed menu, out of the accessibility tree.
      const switchOptions = page.locator('.language-switch').first().locator('.language-switch__option');
      expect(await switchOptions.evaluateAll((buttons) => buttons.map((button) => [button.textContent, button.getAttribute('lang')])), label(route)).toEqual([
        ['Español', 'es'],
        ['English', 'en-US'],
      ]);
    }
  }
  if (viewport === 'phone') {
    await visit(page, '/');
    await page.getByRole('button', { name: words[language].openMenu }).click();
    await page.locator('.nav__panel--open').waitFor();
    await checkAxe(page, label('/ with the menu open'));
    await screenshot(page, `first-menu-${language}-${theme}`);
    // Tab goes round the menu and its close button, never to the page behind the backdrop.
    for (let i = 0; i < 12; i++) {
      await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
      const where = await page.evaluate(() => {
        const active = document.activeElement;
        return active?.closest('.nav__panel') ? 'menu' : active?.classList.contains('nav__toggle') ? 'toggle' : active?.outerHTML.slice(0, 80);
      });
      if (where !== 'menu' && where !== 'toggle') problems.push(`${label('menu')}: Tab reached ${where}`);
    }
    await page.keyboard.press('Escape');
  }
}

/** A guest sees the home page’s words before the app has run, where the app then draws them. */
async function earlyWords({ viewport, language, theme, page }: Lane) {
  const heading = { 'en-US': 'Learn Spanish as it is really spoken', es: 'Aprende el español como se habla de verdad' }[language];
  // The app's own script never arrives: what is on screen is index.html and its first script.
  // A context of its own: this one's pages registered the service worker, which would serve
  // the script from its cache past the blocked route, and the app would draw after all.
  const { context: bareContext, page: bare } = await open(viewport, language, theme);
  await bare.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
  await bare.goto(new URL('/', stack().webUrl).href);
  const early = bare.locator('#root main .hero__title');
  await early.waitFor();
  expect(await early.textContent()).toBe(heading);
  expect(await bare.evaluate(() => document.documentElement.lang)).toBe(language);
  expect(await bare.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
  const before = await box(early);
  await bareContext.close();
  await visit(page, '/');
  const drawn = page.getByRole('heading', { level: 1, name: heading });
  const after = await box(drawn);
  for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[side] - before[side]), side).toBeLessThan(1);
}

/** The entry page’s usage map is drawn in the theme’s colours, its labels readable on its sea. */
async function usageMapColours({ viewport, language, theme, page, label }: Lane) {
  await visit(page, `/content/${entryId}`);
  // The map is drawn as the reader scrolls towards it.
  await page.locator('.usage-panel').scrollIntoViewIfNeeded();
  const map = page.locator('svg.usage-map');
  await map.waitFor();
  // Each part's colour as drawn (a canvas reads whatever colour syntax the style computes to).
  const drawn = await map.evaluate((svg) => {
    const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
    const rgb = (colour: string) => {
      canvas.clearRect(0, 0, 1, 1);
      canvas.fillStyle = colour;
      canvas.fillRect(0, 0, 1, 1);
      return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    };
    const fill = (selector: string) => rgb(getComputedStyle(svg.querySelector(selector)!).fill);
    return {
      sea: fill('.usage-map__sea'),
      land: fill('.usage-map__land'),
      label: fill('.usage-map__inset-label'),
      page: rgb(getComputedStyle(document.body).backgroundColor),
    };
  });
  const luminance = ([r, g, b]: number[]) => {
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const contrast = (a: number[], b: number[]) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
  // Sea and land as dark as the page in the dark theme, as light in the light one.
  for (const part of [drawn.sea, drawn.land]) {
    if (theme === 'dark') expect(luminance(part)).toBeLessThan(0.1);
    else expect(luminance(part)).toBeGreaterThan(0.7);
    expect(Math.abs(luminance(part) - luminance(drawn.page))).toBeLessThan(0.1);
  }
  expect(contrast(drawn.label, drawn.sea)).toBeGreaterThanOrEqual(4.5);
  await page.waitForLoadState('networkidle');
  await checkAxe(page, label('entry page with its usage map'));
  await screenshot(page, `first-usage-map-${viewport}-${language}-${theme}`);
}

/** Signed in, with dialogs open: no serious accessibility problem, nothing wider than the screen. */
async function signedInSweep({ viewport, language, theme, page, label }: Lane) {
  await logIn(page, language);
  // "Logged in successfully!" stays clear of every control in the header (the switches,
  // the bell, the menu) and of the page's top, where its actions sit (Mark all as read).
  const toast = await box(page.locator('.toast').first());
  // Every header control's box in one round trip (hidden ones have none).
  const controls = await page.locator('.site-header').evaluate((header) =>
    [...header.querySelectorAll('a, button')].map((control) => ({ html: control.outerHTML.slice(0, 80), ...control.getBoundingClientRect().toJSON() }) as { html: string } & Box),
  );
  for (const control of controls) if (control.width > 0 && overlaps(toast, control)) problems.push(`${label('toast')}: covers ${control.html}`);
  expect(toast.y, label('toast')).toBeGreaterThan(VIEWPORTS[viewport].viewport.height / 2);
  for (const route of ['/', `/content/${longEntryId}`, '/addContent', '/addTag', '/addfeedback', `/editContent/${longEntryId}`, '/account', '/flashcards', '/flashcards/cards', '/chat', '/admin', '/contents']) {
    await visit(page, route);
    await checkAxe(page, label(`${route} signed in`));
    // The 72-character title (on /, /account, its own page and its edit page) breaks
    // instead of widening the page.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    if (width > VIEWPORTS[viewport].viewport.width) problems.push(`${label(route)}: the page is ${width}px wide`);
    if (route === '/account') await checkAccountPage(page, label, language, viewport);
    if (route === '/admin') {
      // The page names the area, the tab its own heading (it said "Users" on every tab).
      expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([walkWords[language].admin]);
      await page.getByRole('heading', { level: 2, name: walkWords[language].users }).waitFor();
    }
  }
  await visit(page, `/content/${entryId}`);
  await page.getByRole('button', { name: words[language].addTag }).click();
  await page.getByRole('dialog').waitFor();
  await checkAxe(page, label('tag picker dialog'));
  await page.keyboard.press('Escape');

  await visit(page, `/editContent/${longEntryId}`);
  await page.getByRole('button', { name: words[language].delete, exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await checkAxe(page, label('delete confirmation'));
  await screenshot(page, `first-delete-${viewport}-${language}-${theme}`);
  // The 72-character word breaks: both buttons stay on screen and inside the dialog.
  const width = VIEWPORTS[viewport].viewport.width;
  const dialogBox = await box(dialog);
  expect(inside(dialogBox, width)).toBe(true);
  for (const name of [words[language].cancel, words[language].confirmDelete]) {
    const button = await box(dialog.getByRole('button', { name, exact: true }));
    expect(inside(button, width)).toBe(true);
    expect(button.x + button.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  await page.keyboard.press('Escape');
}

/** Nothing is written to the console, logging out included. */
async function cleanConsole({ viewport, language, page, errors }: Lane) {
  await visit(page, '/');
  if (viewport === 'phone') await page.getByRole('button', { name: words[language].openMenu }).click();
  await page.getByRole('button', { name: language === 'es' ? 'Cerrar sesión' : 'Log Out' }).click();
  await page.getByText(`${words[language].welcome}, ${language === 'es' ? 'visitante' : 'guest'}!`).waitFor();
  await page.waitForLoadState('networkidle');
  expect(errors).toEqual([]);
}

const STEPS = [guestSweep, earlyWords, usageMapColours, signedInSweep, cleanConsole];

// Two lanes at once (the stack project's maxConcurrency): one lane's page waits on the
// network and the server much of the time, which the other fills. Each lane has its own
// context and session; logging out ends only its own (scope local). A failure names its step.
describe('every route in each viewport, language and theme', () => {
  it.concurrent.each(LANES)('on a $viewport in $language, $theme theme', async ({ viewport, language, theme }) => {
    const { context, page, errors } = await open(viewport, language, theme);
    const lane: Lane = { viewport, language, theme, context, page, errors, label: (route) => `${viewport}/${language}/${theme} ${route}` };
    try {
      for (const step of STEPS) {
        try {
          await step(lane);
        } catch (error) {
          if (error instanceof Error) error.message = `${step.name}: ${error.message}`;
          throw error;
        }
      }
    } finally {
      await context.close();
    }
  }, 600_000);
});

describe('what newcomers meet', () => {
  it('finds no serious accessibility problem anywhere above', () => {
    expect(problems).toEqual([]);
  });
});
