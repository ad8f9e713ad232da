import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot, screenshotDir } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, makeTrusted, registerThroughApi, stack } from '../support/stack.ts';

// Link reports in real Chromium against the production build and the stack's Realtime: Lina
// links Olga's popote to Otto's pajita. Olga (desktop) and Otto (a phone, Spanish) have their
// entries open. Three established learners report the link from popote's "Elsewhere" section
// with the report flag, by keyboard; at the third, the link leaves both owners' pages without a
// reload. An admin sees the link case (both entries, flags, links, who reported) in the queue
// and restores it; both pages show it again, live. Screenshots go to
// test-results/e2e/link-reports-*.png.

const run = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${run}`, email: `${name.toLowerCase()}-linkrep-${run}@e2e.jerga.local`, password: `pajita-larga-${run}` });
const lina = person('Lina');
const olga = person('Olga');
const otto = person('Otto');
const reporters = [person('Rita'), person('Rosa'), person('Raul')];
const moderator = person('Ada');
const popote = `popote ${run}`;
const pajita = `pajita ${run}`;

const DESKTOP = { width: 1200, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
const ids: Record<string, string> = {};
const sessions: { context: BrowserContext; errors: string[] }[] = [];

async function addEntry(token: string, title: string, country: string) {
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token,
    body: { title, description: 'A drinking straw.', country, author: 'Link reports journey' },
  });
  expect(added.status).toBe(201);
  ids[title] = added.body.data._id;
}

async function signedIn(someone: typeof lina, viewport = DESKTOP, language?: 'es'): Promise<Page> {
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

const forms = (page: Page, title: string, language: 'en' | 'es' = 'en') =>
  page.getByRole('list', { name: language === 'en' ? `Forms of “${title}” by country` : `Formas de «${title}» por país` });

const flagName = `Report this link: “${popote}” and “${pajita}” as the same meaning`;

beforeAll(async () => {
  browser = await launchBrowser();
  const [linaToken, olgaToken, ottoToken] = await Promise.all([registerThroughApi(lina), registerThroughApi(olga), registerThroughApi(otto)]);
  await Promise.all([...reporters, moderator].map(registerThroughApi));
  // The reporters are established: 73 hours old, with an entry of their own that stands.
  await Promise.all(reporters.map((reporter) => makeTrusted(reporter.email)));
  await adminSql()`update public.profiles p set is_admin = true from auth.users u where u.id = p.id and u.email = ${moderator.email}`;
  await addEntry(olgaToken, popote, 'MX');
  await addEntry(ottoToken, pajita, 'ES');
  const linked = await api('/content/linkVariant', { token: linaToken, body: { contentId: ids[popote], variantId: ids[pajita] } });
  expect(linked.status).toBe(201);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a variant link reported like an entry', () => {
  let olgaPage: Page;
  let ottoPage: Page;

  it('both owners have their entries open, each showing the other under Elsewhere', async () => {
    [olgaPage, ottoPage] = await Promise.all([signedIn(olga), signedIn(otto, PHONE, 'es')]);
    await openEntry(olgaPage, popote);
    await openEntry(ottoPage, pajita);
    await forms(olgaPage, popote).getByRole('link', { name: pajita }).waitFor();
    await forms(ottoPage, pajita, 'es').getByRole('link', { name: popote }).waitFor();
    // An owner may unlink the link instead: no flag for them.
    expect(await olgaPage.getByRole('button', { name: flagName }).count()).toBe(0);
  });

  it('three learners report the link from popote’s page, by keyboard; at the third it leaves both pages live', async () => {
    for (const [i, reporter] of reporters.entries()) {
      const page = await signedIn(reporter, i === 2 ? PHONE : DESKTOP);
      await openEntry(page, popote);
      const flag = forms(page, popote).getByRole('button', { name: flagName });
      await flag.waitFor();
      if (i === 0) expect(await seriousAxeViolations(page)).toEqual([]);
      // The section alone, to see the flag beside the form on a phone.
      if (i === 2) await forms(page, popote).screenshot({ path: `${screenshotDir}/link-reports-0-flag-phone.png` });
      await flag.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: 'Report to the moderators' });
      await dialog.waitFor();
      await dialog.getByRole('radio', { name: 'Wrong or misleading' }).check();
      if (i === 0) await dialog.getByLabel('Note for the moderators (optional)').fill('A popote is not a pajita here.');
      if (i === 2) await screenshot(page, 'link-reports-1-dialog-phone');
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.locator('.toast', { hasText: 'Thank you. The moderators will take a look.' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      if (i < 2) {
        // Two accounts hold nothing.
        expect(await forms(olgaPage, popote).getByRole('link', { name: pajita }).count()).toBe(1);
      } else {
        // The third: gone from the reporter's own page as well.
        await page.getByText('No variants linked yet.', { exact: false }).waitFor();
      }
    }
    await olgaPage.getByText('No variants linked yet.', { exact: false }).waitFor();
    await ottoPage.getByText('Aún no hay variantes enlazadas.', { exact: false }).waitFor();
    await screenshot(olgaPage, 'link-reports-2-gone');
    await screenshot(ottoPage, 'link-reports-3-gone-phone-es');
  });

  it('an admin sees both entries in the queue and restores the link; both pages show it again, live', async () => {
    const page = await signedIn(moderator);
    await page.goto(new URL('/admin?tab=moderation', stack().webUrl).href);
    const row = page.locator('.case', { hasText: popote });
    await row.waitFor();
    await row.getByText('Variant link').waitFor();
    await row.getByText('3 reporters').waitFor();
    await row.getByText(`Linked by ${lina.name}`).waitFor();
    expect(await row.getByRole('list', { name: 'Who reported' }).getByRole('listitem').allTextContents()).toEqual(
      Array(3).fill(expect.stringMatching(/ · Account 3 days old$/)),
    );
    const pair = row.getByRole('list', { name: 'The two entries linked as one meaning' });
    expect(await pair.getByRole('link', { name: popote }).getAttribute('href')).toBe(`/content/${ids[popote]}`);
    expect(await pair.getByRole('link', { name: pajita }).getAttribute('href')).toBe(`/content/${ids[pajita]}`);
    expect(await pair.locator('img.country-flag').count()).toBe(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'link-reports-4-queue');
    await row.getByRole('button', { name: 'Restore' }).click();
    await page.locator('.toast', { hasText: 'Restored: it is visible again.' }).waitFor();
    await row.waitFor({ state: 'detached' });

    await forms(olgaPage, popote).getByRole('link', { name: pajita }).waitFor();
    await forms(ottoPage, pajita, 'es').getByRole('link', { name: popote }).waitFor();
    await screenshot(ottoPage, 'link-reports-5-back-phone-es');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'Variant link', exact: false }).first().waitFor();
  });

  it('logged no console errors in any window', () => {
    for (const { errors } of sessions) expect(errors).toEqual([]);
  });
});
