import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// The inbox in real Chromium against the production build and the stack's Realtime, on a
// phone: someone comments on a learner's entry and replies to their comment; the learner
// hears it live (a toast with Open, the bell's count), reads it on /notifications, turns
// vote notifications off, replies in a thread, and finally deletes their account.
// Screenshots go to test-results/e2e/inbox-*.png.

const run = Date.now().toString(36);
const olga = { name: `Olga ${run}`, email: `olga-inbox-${run}@e2e.jerga.local`, password: `aguapanela-${run}` };
const fede = { name: `Fede ${run}`, email: `fede-inbox-${run}@e2e.jerga.local`, password: `arepa-${run}` };
const title = `parce ${run}`;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let page: Page;
let errors: string[];
let fedeToken: string;
let entryId: string;

beforeAll(async () => {
  browser = await launchBrowser();
  const olgaToken = await registerThroughApi(olga);
  fedeToken = await registerThroughApi(fede);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: olgaToken,
    body: { title, description: 'Friend, mate.', country: 'CO', author: olga.name },
  });
  entryId = added.body.data._id;
  const context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, new URL('/login', stack().webUrl).href, olga);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a learner’s inbox', () => {
  const bell = () => page.getByRole('link', { name: /^Notifications/ });

  it('hears of a comment live: a toast that opens the entry, and the bell counts it', async () => {
    await bell().waitFor();
    expect(await bell().getAttribute('aria-label')).toBe('Notifications');
    // Realtime joins once the page is idle; wait until Olga's topic is live before Fede comments.
    await page.waitForLoadState('networkidle');
    await expect
      .poll(async () => {
        await api('/comment/addComment', { body: { contentId: entryId, text: `¿Qué más, parce? ${Date.now()}` }, token: fedeToken });
        return page.locator('.toast', { hasText: `${fede.name} commented on “${title}”` }).count();
      }, { timeout: 20_000, interval: 2_000 })
      .toBeGreaterThan(0);
    await expect.poll(() => bell().getAttribute('aria-label')).toMatch(/^Notifications, \d+ unread$/);
    await screenshot(page, 'inbox-1-toast-and-bell');
    const toast = page.locator('.toast', { hasText: `${fede.name} commented on “${title}”` }).first();
    // Toasts never cover the header (the bell and the menu button stay reachable).
    const header = await page.locator('.site-header').boundingBox();
    const toastBox = await toast.boundingBox();
    expect(toastBox!.y).toBeGreaterThanOrEqual(header!.y + header!.height);
    await toast.getByRole('button', { name: 'Open' }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('reads it on /notifications and marks everything read', async () => {
    await bell().click();
    await page.getByRole('heading', { level: 1, name: 'Notifications' }).waitFor();
    await page.getByRole('link', { name: new RegExp(`Unread: ${fede.name} commented on “${title}”`) }).first().waitFor();
    await screenshot(page, 'inbox-2-page');
    // The unread item's date is readable on its tint, in both themes (axe measured 4.3:1 in the light one).
    for (const colorScheme of ['dark', 'light'] as const) {
      await page.emulateMedia({ colorScheme });
      await page.waitForFunction(() => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity));
      expect(await seriousAxeViolations(page), colorScheme).toEqual([]);
    }
    await page.getByRole('button', { name: 'Mark all as read' }).click();
    await expect.poll(() => bell().getAttribute('aria-label')).toBe('Notifications');
    expect(await page.getByText('Unread:', { exact: false }).count()).toBe(0);
  });

  it('turns vote notifications off on the Account page', async () => {
    await page.goto(new URL('/account', stack().webUrl).href);
    const votes = page.getByRole('checkbox', { name: 'Votes on my entries' });
    await votes.waitFor();
    expect(await votes.isChecked()).toBe(true);
    await votes.click();
    await page.locator('.toast', { hasText: 'Notification settings saved.' }).waitFor();
    const [row] = await adminSql()`select p.notify_votes from public.profiles p join auth.users u on u.id = p.id where u.email = ${olga.email}`;
    expect(row.notify_votes).toBe(false);
    await api('/vote/addVote', { body: { contentId: entryId, voteType: 'upvote' }, token: fedeToken });
    const inbox = await adminSql()`select n.kind from public.notifications n join auth.users u on u.id = n.recipient where u.email = ${olga.email} and n.kind = 'vote'`;
    expect(inbox).toEqual([]);
  });

  it('replies to a comment in its thread', async () => {
    await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
    await page.getByRole('button', { name: `Reply to ${fede.name}` }).first().click();
    const field = page.getByLabel(`Your reply to ${fede.name}`);
    await field.fill('¡Todo bien, parce!');
    await page.getByRole('button', { name: 'Post reply' }).click();
    await page.getByRole('list', { name: `Replies to ${fede.name}` }).getByText('¡Todo bien, parce!').waitFor();
    await screenshot(page, 'inbox-3-reply');
    const fedeInbox = await api<{ data: { kind: string; actorName: string }[] }>('/notification/getNotifications', { token: fedeToken });
    expect(fedeInbox.body.data.map((item) => [item.kind, item.actorName])).toContainEqual(['reply', olga.name]);
  });

  it('deletes the account after asking for the password', async () => {
    await page.goto(new URL('/account', stack().webUrl).href);
    await page.getByRole('button', { name: 'Delete my account…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await dialog.getByLabel('Current password').fill('not-my-password');
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await dialog.getByText('Your current password is incorrect.').waitFor();
    await screenshot(page, 'inbox-4-delete-asks');
    // The field and both buttons inside the dialog, nothing cut off at its side.
    const dialogBox = (await dialog.boundingBox())!;
    for (const part of [dialog.getByLabel('Current password'), dialog.getByRole('button', { name: 'Keep my account' }), dialog.getByRole('button', { name: 'Delete my account for good' })]) {
      const partBox = (await part.boundingBox())!;
      expect(partBox.x).toBeGreaterThanOrEqual(dialogBox.x);
      expect(partBox.x + partBox.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
    await dialog.getByLabel('Current password').fill(olga.password);
    await dialog.getByRole('button', { name: 'Delete my account for good' }).click();
    await page.locator('.toast', { hasText: 'Your account was deleted.' }).waitFor();
    await page.getByText('Welcome, guest!').waitFor();
    const users = await adminSql()`select 1 from auth.users where email = ${olga.email}`;
    expect(users).toEqual([]);
    // Her entry stays.
    expect((await api(`/content/getContentById/${entryId}`)).status).toBe(200);
  });

  it('wrote nothing unexpected to the console', () => {
    // The wrong password's 403 is the one failed request the journey asked for.
    expect(errors.filter((line) => !line.includes('status of 403'))).toEqual([]);
  });
});
