import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, stack } from '../support/stack.ts';

// Meanings in Spanish too, in real Chromium against the production build, on a phone: a
// learner adds an entry with a Spanish meaning; the English interface shows the English
// meaning; switched to Spanish, the Spanish one, and an entry without one shows its English
// meaning marked "(en inglés)"; the home search finds the entry by its Spanish meaning typed
// without accents. Screenshots go to test-results/e2e/spanish-meanings-*.png.

const run = Date.now().toString(36);
const learner = { name: `Mara ${run}`, email: `mara-es-${run}@e2e.jerga.local`, password: `mate-cocido-${run}` };
const title = `bondi ${run}`;
const english = 'A city bus.';
// A word of the Spanish meaning no other entry has, with an accent to search without.
const word = `colectivó${run}`;
const spanish = `Autobús urbano, el ${word}.`;
const otherTitle = `chamuyo ${run}`;
const otherEnglish = 'Smooth talk, to win someone over.';

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let page: Page;
let errors: string[];
let otherId: string;

const url = (path: string) => new URL(path, stack().webUrl).href;

/** axe once nothing is animating (a toast sliding in), endless spinners aside. */
async function axeWhenStill(): Promise<string[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  return seriousAxeViolations(page);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ session: { access_token: string } }>('/user/register', {
    body: { name: learner.name, email: learner.email, password: learner.password, confirmPassword: learner.password },
  });
  expect(registered.status).toBe(201);
  // An entry written with its English meaning only.
  const other = await api<{ data: { _id: string } }>('/content/addContent', {
    token: registered.body.session.access_token,
    body: { title: otherTitle, description: otherEnglish, country: 'AR', author: 'Un porteño' },
  });
  expect(other.status).toBe(201);
  otherId = other.body.data._id;
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('meanings in Spanish too, on a phone', () => {
  it('a learner adds an entry with a Spanish meaning; the English interface shows the English one', async () => {
    await logInThroughForm(page, url('/login'), learner);
    await page.goto(url('/addContent'));
    await page.getByRole('heading', { level: 1, name: 'Add Content' }).waitFor();
    await page.getByLabel('Title').fill(title);
    await page.getByLabel('Description').fill(english);
    await page.getByLabel('Meaning in Spanish').fill(spanish);
    await page.getByLabel('Country').selectOption('AR');
    await screenshot(page, 'spanish-meanings-01-add-form');
    expect(await axeWhenStill()).toEqual([]);
    await page.getByRole('button', { name: 'Add Content' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.entry-detail__description', { hasText: english }).waitFor();
    expect(await page.getByText(spanish).count()).toBe(0);
  });

  it('switched to Spanish, the entry shows its Spanish meaning', async () => {
    // On a phone the language switch is in the menu.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('button', { name: 'Cerrar menú' }).click();
    await expect.poll(() => page.locator('.entry-detail__description').innerText()).toBe(spanish);
    expect(await page.locator('.entry-detail__description [lang="es"]').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'spanish-meanings-02-entry-es');
    expect(await axeWhenStill()).toEqual([]);
  });

  it('an entry without one shows its English meaning, marked as such', async () => {
    await page.goto(url(`/content/${otherId}`));
    await page.getByRole('heading', { level: 1, name: otherTitle }).waitFor();
    await expect.poll(() => page.locator('.entry-detail__description').innerText()).toBe(`${otherEnglish} (en inglés)`);
    await screenshot(page, 'spanish-meanings-03-entry-en-marked');
    expect(await axeWhenStill()).toEqual([]);
  });

  it('the search finds the entry by its Spanish meaning, without its accent, and the card shows it', async () => {
    await page.goto(url('/'));
    const search = page.getByLabel('Buscar', { exact: true });
    await search.fill(word.replace('ó', 'o').toUpperCase());
    const card = page.locator('.entry-card', { hasText: title });
    await card.waitFor();
    await expect.poll(() => page.locator('.entry-card').count()).toBe(1);
    expect(await card.locator('.entry-card__description').innerText()).toBe(spanish);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'spanish-meanings-04-search-es');
    expect(await axeWhenStill()).toEqual([]);
  });

  it('writes no errors to the console', () => {
    expect(errors).toEqual([]);
  });
});
