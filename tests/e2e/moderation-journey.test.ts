import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, makeTrusted, registerThroughApi, stack } from '../support/stack.ts';

// Moderation in real Chromium against the production build and the stack's Realtime: a new
// account's report hides nothing; three established learners report an entry through its Report
// dialog, and it leaves a fourth learner's home grid (searched for it) without a reload; its
// owner sees why it is hidden; an admin sees who reported (each account's age, the new one's
// report not counting) and restores it from the live queue on /admin, and it comes back.
// Screenshots go to test-results/e2e/moderation-*.png.

const run = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${run}`, email: `${name.toLowerCase()}-mod-${run}@e2e.jerga.local`, password: `pisco-sour-${run}` });
const owner = person('Olga');
const reporters = [person('Rita'), person('Rosa'), person('Raul')];
const newcomer = person('Nico');
const watcher = person('Wendy');
const moderator = person('Ada');
const title = `pura paja ${run}`;

const DESKTOP = { width: 1200, height: 900 };
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let entryId: string;
let newcomerToken: string;
const sessions: { context: BrowserContext; page: Page; errors: string[] }[] = [];

async function signedIn(someone: typeof owner, viewport = DESKTOP): Promise<Page> {
  const context = await browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  sessions.push({ context, page, errors: consoleErrors(page) });
  await logInThroughForm(page, new URL('/login', stack().webUrl).href, someone);
  return page;
}

const card = (page: Page) => page.locator('.entry-card', { hasText: title });

beforeAll(async () => {
  browser = await launchBrowser();
  const ownerToken = await registerThroughApi(owner);
  await Promise.all([...reporters, watcher, moderator].map(registerThroughApi));
  newcomerToken = await registerThroughApi(newcomer);
  // The three reporters are established: 73 hours old, with an entry of their own that stands.
  await Promise.all(reporters.map((reporter) => makeTrusted(reporter.email)));
  await adminSql()`update public.profiles p set is_admin = true from auth.users u where u.id = p.id and u.email = ${moderator.email}`;
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: ownerToken,
    body: { title, description: 'Nonsense, just talk.', country: 'CL', author: 'Shakira' },
  });
  entryId = added.body.data._id;
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a community that looks after itself', () => {
  let watcherPage: Page;

  it('a fourth learner has the home grid open with the entry on it', async () => {
    watcherPage = await signedIn(watcher);
    // Searched for by its title: the suite's other files add and vote up entries all along,
    // which can push a new entry off the first page of the best-voted grid at any refetch.
    await watcherPage.goto(new URL(`/?q=${encodeURIComponent(title)}`, stack().webUrl).href);
    await card(watcherPage).waitFor();
  });

  it('a new account reports it: the report is taken, the entry stays', async () => {
    const reply = await api('/report/addReport', { token: newcomerToken, body: { contentId: entryId, reason: 'spam' } });
    expect(reply.status).toBe(201);
    expect((await api(`/content/getContentById/${entryId}`)).status).toBe(200);
    expect(await card(watcherPage).count()).toBe(1);
  });

  it('three learners report it from its page; at the third it leaves the fourth window live', async () => {
    for (const [i, reporter] of reporters.entries()) {
      const page = await signedIn(reporter, i === 2 ? PHONE : DESKTOP);
      await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await page.getByRole('button', { name: `Report “${title}”` }).click();
      const dialog = page.getByRole('dialog', { name: 'Report to the moderators' });
      await dialog.waitFor();
      // Keyboard: the reasons are radios, the note a text box.
      await dialog.getByRole('radio', { name: i === 0 ? 'Spam or advertising' : 'Wrong or misleading' }).check();
      if (i === 0) await dialog.getByLabel('Note for the moderators (optional)').fill('“by Shakira”? Not her.');
      if (i > 0) await screenshot(page, `moderation-1-report-dialog-${i === 2 ? 'phone' : 'desktop'}`);
      await dialog.getByRole('button', { name: 'Send report' }).click();
      await page.locator('.toast', { hasText: 'Thank you. The moderators will take a look.' }).waitFor();
      await dialog.waitFor({ state: 'detached' });
      if (i < 2) {
        // Two accounts: still on the home grid.
        expect(await card(watcherPage).count()).toBe(1);
      } else {
        // The third: gone from the reporter's own page too.
        await page.getByText('This entry was just hidden by the moderators.').waitFor();
      }
    }
    await card(watcherPage).waitFor({ state: 'detached' });
    await screenshot(watcherPage, 'moderation-2-gone-from-the-grid');
  });

  it('its owner still sees it, and why', async () => {
    const page = await signedIn(owner, PHONE);
    await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
    await page.getByText('Hidden while moderators look at it.', { exact: false }).waitFor();
    // The owner has no Report button on their own entry.
    expect(await page.getByRole('button', { name: `Report “${title}”` }).count()).toBe(0);
    await screenshot(page, 'moderation-3-owner-sees-why');
  });

  it('an admin restores it from the queue, and it is back on the grid', async () => {
    const page = await signedIn(moderator);
    await page.goto(new URL('/admin?tab=moderation', stack().webUrl).href);
    await page.getByRole('tab', { name: /Moderation/ }).waitFor();
    expect(await page.getByRole('tab', { name: /Moderation/ }).getAttribute('aria-selected')).toBe('true');
    // The page names the area; the tab has its own heading (it said "Users" on every tab).
    await page.getByRole('heading', { level: 2, name: 'Moderation queue' }).waitFor();
    expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual(['Administration']);
    expect(await page.getByRole('heading', { name: 'Users' }).count()).toBe(0);
    const row = page.locator('.case', { hasText: title });
    await row.waitFor();
    await row.getByText('4 reporters').waitFor();
    await row.getByText('Hidden', { exact: true }).waitFor();
    // Who reported: the new account's report does not count; the three others are 3 days old.
    const who = row.getByRole('list', { name: 'Who reported' });
    await who.waitFor();
    const lines = await who.getByRole('listitem').allTextContents();
    expect(lines).toHaveLength(4);
    expect(lines.filter((line) => /^Spam · New account, .+ old · doesn't count toward hiding$/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => / · Account 3 days old$/.test(line))).toHaveLength(3);
    await row.getByText('Reporters’ notes').click();
    await row.getByText('“by Shakira”? Not her.', { exact: false }).waitFor();
    await screenshot(page, 'moderation-4-queue');
    await row.getByRole('button', { name: 'Restore' }).click();
    await page.locator('.toast', { hasText: 'Restored: it is visible again.' }).waitFor();
    await row.waitFor({ state: 'detached' });

    await card(watcherPage).waitFor();
    expect((await api(`/content/getContentById/${entryId}`)).status).toBe(200);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByRole('cell', { name: 'Restored' }).first().waitFor();
    expect(await page.getByRole('heading', { level: 2 }).allTextContents()).toContain('Audit log');
    expect(await page.getByRole('heading', { name: 'Users' }).count()).toBe(0);
    await screenshot(page, 'moderation-5-audit-log');
  });

  it('logged no console errors in any window', () => {
    // But one: the held entry's page answers 404, as it does a guest or a crawler (the server
    // draws pages as a guest); its owner's app reads and shows it all the same.
    const heldPage = `${new URL(`/content/${entryId}`, stack().webUrl).href}: Failed to load resource: the server responded with a status of 404 (Not Found)`;
    for (const { errors } of sessions) expect(errors.filter((error) => error !== heldPage)).toEqual([]);
  });
});
