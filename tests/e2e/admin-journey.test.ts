import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// An admin on a phone, in real Chromium against the production build: bans a learner from
// the Users table (the dialog: reason and 7 days), the row says until when, lifts the ban;
// marks a feedback message handled, it moves under "Handled", and reopens it; then the same
// page in Spanish. Screenshots go to test-results/e2e/admin-*.png.

const run = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${run}`, email: `${name.toLowerCase()}-adm-${run}@e2e.jerga.local`, password: `mate-amargo-${run}` });
const moderator = person('Ada');
const learner = person('Bruno');
const message = `Faltan palabras de Uruguay ${run}.`;

const PHONE = { width: 390, height: 844 };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];

beforeAll(async () => {
  browser = await launchBrowser();
  for (const someone of [moderator, learner]) {
    const reply = await api('/user/register', {
      body: { name: someone.name, email: someone.email, password: someone.password, confirmPassword: someone.password },
    });
    expect(reply.status).toBe(201);
  }
  await adminSql()`update public.profiles p set is_admin = true from auth.users u where u.id = p.id and u.email = ${moderator.email}`;
  await adminSql()`insert into public.feedback (name, email, message) values ('Gina', 'gina@example.com', ${message})`;
  context = await browser.newContext({ viewport: PHONE, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, new URL('/login', stack().webUrl).href, moderator);
  await page.goto(new URL('/admin', stack().webUrl).href);
  await page.getByRole('searchbox', { name: 'Search users' }).fill(run);
});

afterAll(async () => {
  await context?.close();
  await browser?.close();
  await closeAdminSql();
});

const rowOf = (name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });

describe('an admin looks after the community on a phone', () => {
  it('offers no Ban for themselves, and bans a learner for 7 days with a reason', async () => {
    await rowOf(learner.name).getByRole('button', { name: `Ban ${learner.name}` }).waitFor();
    expect(await rowOf(moderator.name).getByRole('button', { name: /^Ban / }).count()).toBe(0);
    await rowOf(learner.name).getByRole('button', { name: `Ban ${learner.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Ban ${learner.name}` });
    await dialog.getByRole('textbox', { name: 'Reason' }).fill('Spam in the comments.');
    expect(await dialog.getByRole('radio', { name: '7 days' }).isChecked()).toBe(true);
    await screenshot(page, 'admin-ban-dialog-phone');
    await dialog.getByRole('button', { name: 'Ban', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await rowOf(learner.name).getByText(/^Banned until /).waitFor();
    const [{ banned_until: until }] = await adminSql()`select banned_until from auth.users where email = ${learner.email}`;
    expect((until as Date).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    await screenshot(page, 'admin-users-banned-phone');
  });

  it('lifts the ban', async () => {
    await rowOf(learner.name).getByRole('button', { name: `Unban ${learner.name}` }).click();
    await page.getByText(`${learner.name} can sign in again`).waitFor();
    await rowOf(learner.name).getByText('Active').waitFor();
  });

  it('marks the feedback handled, it moves under Handled, and reopens it', async () => {
    const item = page.getByRole('article').filter({ hasText: message });
    await item.getByRole('button', { name: 'Mark the feedback from Gina handled' }).click();
    const handled = page.getByRole('region', { name: /^Handled \(\d+\)$/ });
    await handled.getByRole('article').filter({ hasText: message }).getByText(`by ${moderator.name}`, { exact: false }).waitFor();
    await handled.getByRole('article').filter({ hasText: message }).scrollIntoViewIfNeeded();
    await screenshot(page, 'admin-feedback-handled-phone');
    await handled.getByRole('article').filter({ hasText: message }).getByRole('button', { name: 'Reopen the feedback from Gina' }).click();
    await page.getByRole('list', { name: /open$/ }).getByRole('article').filter({ hasText: message }).waitFor();
    const rows = await adminSql()`select action from public.audit_log a join public.feedback f on f.id::text = a.target_id
                                   where f.message = ${message} order by a.id`;
    expect(rows.map((row) => row.action)).toEqual(['feedback_handled', 'feedback_reopened']);
  });

  it('says it all in Spanish', async () => {
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByRole('columnheader', { name: 'Estado' }).waitFor();
    await rowOf(learner.name).getByRole('button', { name: `Bloquear a ${learner.name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Bloquear a ${learner.name}` });
    await dialog.getByRole('radio', { name: 'Para siempre' }).waitFor();
    await screenshot(page, 'admin-ban-dialog-phone-es');
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await page.getByRole('article').filter({ hasText: message }).getByRole('button', { name: 'Marcar como atendida la opinión de Gina' }).waitFor();
    await screenshot(page, 'admin-page-phone-es');
    expect(errors).toEqual([]);
  });
});
