import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Variants in real Chromium against the production build and the stack's Realtime: two
// learners on two entries that mean the same thing. Ana (desktop, English) links her popote to
// Beto's pajita with the "Link a variant" picker, by keyboard; both pages show each other under
// Elsewhere at once, without a reload. Beto (a phone, Spanish) links a third entry, and Ana's
// page follows; Ana unlinks hers, and both pages follow again. Screenshots go to
// test-results/e2e/variants-*.png.

const run = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${run}`, email: `${name.toLowerCase()}-variants-${run}@e2e.jerga.local`, password: `popote-largo-${run}` });
const ana = person('Ana');
const beto = person('Beto');
const popote = `popote ${run}`;
const pajita = `pajita ${run}`;
const sorbete = `sorbete ${run}`;

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };

let browser: Browser;
const ids: Record<string, string> = {};
const sessions: { context: BrowserContext; errors: string[] }[] = [];

async function addEntry(token: string, title: string, country: string) {
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token,
    body: { title, description: 'A drinking straw.', country, author: 'Variants journey' },
  });
  expect(added.status).toBe(201);
  ids[title] = added.body.data._id;
}

async function signedIn(someone: typeof ana, viewport: typeof PHONE, language?: 'es'): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US', isMobile: viewport === PHONE });
  const page = await context.newPage();
  sessions.push({ context, errors: consoleErrors(page) });
  await logInThroughForm(page, new URL('/login', stack().webUrl).href, someone);
  if (language) await page.evaluate((lng) => localStorage.setItem('i18nextLng', lng), language);
  return page;
}

const openEntry = async (page: Page, title: string) => {
  await page.goto(new URL(`/content/${ids[title]}`, stack().webUrl).href);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
};

/** The Elsewhere list of `title`'s page, in the page's language. */
const forms = (page: Page, title: string, language: 'en' | 'es' = 'en') =>
  page.getByRole('list', { name: language === 'en' ? `Forms of “${title}” by country` : `Formas de «${title}» por país` });

beforeAll(async () => {
  browser = await launchBrowser();
  const [anaToken, betoToken] = await Promise.all([registerThroughApi(ana), registerThroughApi(beto)]);
  await addEntry(anaToken, popote, 'MX');
  await addEntry(betoToken, pajita, 'ES');
  await addEntry(anaToken, sorbete, 'AR');
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('variants, live on two pages', () => {
  let anaPage: Page;
  let betoPage: Page;

  it('both open their entries: nothing is linked yet', async () => {
    [anaPage, betoPage] = await Promise.all([signedIn(ana, DESKTOP), signedIn(beto, PHONE, 'es')]);
    await openEntry(anaPage, popote);
    await openEntry(betoPage, pajita);
    await anaPage.getByRole('heading', { name: 'Elsewhere' }).waitFor();
    await anaPage.getByText('No variants linked yet.', { exact: false }).waitFor();
    await betoPage.getByRole('heading', { name: 'En otros países' }).waitFor();
    await betoPage.getByText('Aún no hay variantes enlazadas.', { exact: false }).waitFor();
    expect(await seriousAxeViolations(anaPage)).toEqual([]);
  });

  it('Ana links pajita with the picker, by keyboard; both pages show each other without a reload', async () => {
    const picker = anaPage.getByRole('combobox', { name: 'Link a variant' });
    await picker.fill(pajita);
    const option = anaPage.getByRole('option', { name: new RegExp(pajita) });
    await option.waitFor();
    expect(await picker.getAttribute('aria-expanded')).toBe('true');
    expect(await seriousAxeViolations(anaPage)).toEqual([]);
    await screenshot(anaPage, 'variants-1-picker');
    await picker.press('ArrowDown');
    await picker.press('Enter');
    await anaPage.locator('.toast', { hasText: `Linked “${pajita}” as a variant.` }).waitFor();

    const onAna = forms(anaPage, popote);
    await onAna.getByRole('link', { name: pajita }).waitFor();
    expect(await onAna.locator('.variants__row').first().innerText()).toContain('Spain');
    expect(await onAna.locator('.variants__row img.country-flag').count()).toBe(1);
    // Beto's page, in Spanish, without a reload.
    const onBeto = forms(betoPage, pajita, 'es');
    await onBeto.getByRole('link', { name: popote }).waitFor();
    await onBeto.getByText('México').waitFor();
    await screenshot(anaPage, 'variants-2-linked');
    await screenshot(betoPage, 'variants-3-linked-phone-es');
  });

  it('on Beto’s phone, in Spanish, the section fits and passes axe; his link reaches Ana', async () => {
    expect(await betoPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await seriousAxeViolations(betoPage)).toEqual([]);
    const picker = betoPage.getByRole('combobox', { name: 'Enlazar una variante' });
    await picker.fill(sorbete);
    await betoPage.getByRole('option', { name: new RegExp(sorbete) }).click();
    await betoPage.locator('.toast', { hasText: `«${sorbete}» quedó enlazada como variante.` }).waitFor();
    await forms(betoPage, pajita, 'es').getByRole('link', { name: sorbete }).waitFor();
    // Ana's popote is in the same group now, through pajita: her page follows.
    const onAna = forms(anaPage, popote);
    await onAna.getByRole('link', { name: sorbete }).waitFor();
    await onAna.getByText('Argentina').waitFor();
    // He may unlink the link he made.
    expect(await forms(betoPage, pajita, 'es').getByRole('button', { name: `Desenlazar «${sorbete}»` }).count()).toBe(1);
    await screenshot(betoPage, 'variants-4-second-link-phone-es');
  });

  it('Ana unlinks pajita from her popote: both pages follow', async () => {
    const onAna = forms(anaPage, popote);
    // Sorbete is in the group only through pajita: nothing to unlink from popote's page.
    expect(await onAna.getByRole('button', { name: `Unlink “${sorbete}”` }).count()).toBe(0);
    await onAna.getByRole('button', { name: `Unlink “${pajita}”` }).click();
    await anaPage.locator('.toast', { hasText: `Unlinked “${pajita}”.` }).waitFor();
    await anaPage.getByText('No variants linked yet.', { exact: false }).waitFor();
    const onBeto = forms(betoPage, pajita, 'es');
    await onBeto.getByRole('link', { name: popote }).waitFor({ state: 'detached' });
    expect(await onBeto.getByRole('link', { name: sorbete }).count()).toBe(1);
    await screenshot(anaPage, 'variants-5-unlinked');
    await screenshot(betoPage, 'variants-6-unlinked-phone-es');
    for (const { errors } of sessions) expect(errors).toEqual([]);
  });

  it('the variant links open the other entry', async () => {
    await forms(betoPage, pajita, 'es').getByRole('link', { name: sorbete }).click();
    await betoPage.getByRole('heading', { level: 1, name: sorbete }).waitFor();
    await forms(betoPage, sorbete, 'es').getByRole('link', { name: pajita }).waitFor();
  });
});
