import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Two learners in two browsers on one entry, in real Chromium against the production build
// and the stack's Realtime: what one does (a vote, a comment) appears in the other's page
// without a reload, each sees the other is there; the entry's owner gets a toast when
// someone comments. Screenshots go to
// test-results/e2e/live-*.png.

const run = Date.now().toString(36);
const ana = { name: `Ana ${run}`, email: `ana-live-${run}@e2e.jerga.local`, password: `mate-dulce-${run}` };
const beto = { name: `Beto ${run}`, email: `beto-live-${run}@e2e.jerga.local`, password: `mate-amargo-${run}` };

let browser: Browser;
let entryId: string;
let betoToken: string;
const sessions: { context: BrowserContext; page: Page; errors: string[] }[] = [];

async function signedIn(person: typeof ana): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  sessions.push({ context, page, errors: consoleErrors(page) });
  await logInThroughForm(page, new URL('/login', stack().webUrl).href, person);
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const anaToken = await registerThroughApi(ana);
  betoToken = await registerThroughApi(beto);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: anaToken,
    body: { title: `bacán ${run}`, description: 'Great, cool.', country: 'CL', author: ana.name },
  });
  entryId = added.body.data._id;
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('two learners on one entry', () => {
  let anaPage: Page;
  let betoPage: Page;

  it('both open the entry', async () => {
    [anaPage, betoPage] = await Promise.all([signedIn(ana), signedIn(beto)]);
    for (const page of [anaPage, betoPage]) {
      await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
      await page.getByRole('heading', { level: 1, name: `bacán ${run}` }).waitFor();
      await page.getByText('No comments yet.', { exact: false }).waitFor();
    }
    // Presence: each sees that two learners have the page open.
    for (const page of [anaPage, betoPage]) await page.getByText('2 learners here').waitFor();
  });

  it('Beto’s vote appears on Ana’s page without a reload', async () => {
    const votes = (page: Page) => page.getByRole('group', { name: `Votes for “bacán ${run}”` });
    await votes(betoPage).getByRole('button', { name: 'Vote up' }).click();
    await betoPage.locator('.toast', { hasText: 'Vote recorded successfully!' }).waitFor();
    expect(await votes(betoPage).getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('true');
    await votes(anaPage).getByText('1 vote', { exact: true }).waitFor();
    // Ana's own vote is still hers: not pressed on her page.
    expect(await votes(anaPage).getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(anaPage, 'live-1-vote-arrived');
  });

  it('Beto’s comment appears on Ana’s page, and Ana is told', async () => {
    await betoPage.getByLabel('Your comment').fill('¡Qué bacán! Lo dicen mucho en Santiago.');
    await betoPage.getByRole('button', { name: 'Post Comment' }).click();
    await betoPage.locator('.toast', { hasText: 'Comment added successfully' }).waitFor();
    await anaPage.getByText('¡Qué bacán! Lo dicen mucho en Santiago.').waitFor();
    await anaPage.getByRole('heading', { name: '1 comment' }).waitFor();
    await anaPage.locator('.toast', { hasText: `${beto.name} commented on “bacán ${run}”` }).waitFor();
    await screenshot(anaPage, 'live-2-comment-arrived');
  });

  it('Beto deletes his comment with Undo: gone from his page at once, from Ana’s only once Undo has passed', async () => {
    const text = '¡Qué bacán! Lo dicen mucho en Santiago.';
    const requests: string[] = [];
    betoPage.on('request', (request) => request.method() === 'DELETE' && requests.push(new URL(request.url()).pathname));
    await betoPage.getByRole('button', { name: 'Delete comment' }).click();
    await betoPage.getByText(text).waitFor({ state: 'detached' });
    const undo = betoPage.locator('.toast', { hasText: 'Comment deleted' }).getByRole('button', { name: 'Undo' });
    await undo.click();
    await betoPage.getByText(text).waitFor();
    expect(requests).toEqual([]);

    await betoPage.getByRole('button', { name: 'Delete comment' }).click();
    await betoPage.getByText(text).waitFor({ state: 'detached' });
    // Still there for Ana while Beto can take it back; then it goes from her page too.
    expect(await anaPage.getByText(text).isVisible()).toBe(true);
    await anaPage.getByText(text).waitFor({ state: 'detached', timeout: 15_000 });
    await anaPage.getByRole('heading', { name: 'Comments' }).waitFor();
    expect(requests).toHaveLength(1);
  });

  it('a tag Beto puts on the entry appears on Ana’s page', async () => {
    const tag = await api<{ data: { _id: string; name: string } }>('/tag/addTag', { body: { name: `cl${run.slice(-6)}` }, token: betoToken });
    expect(tag.status).toBe(201);
    await api('/tag/addTagToContent', { body: { contentId: entryId, tagId: tag.body.data._id }, token: betoToken });
    await anaPage.locator('.entry-tags').getByText(tag.body.data.name, { exact: true }).waitFor();
  });

  it('Ana’s vote the other way reaches Beto', async () => {
    const votes = (page: Page) => page.getByRole('group', { name: `Votes for “bacán ${run}”` });
    await votes(anaPage).getByRole('button', { name: 'Vote down' }).click();
    await votes(betoPage).getByText('0 votes', { exact: true }).waitFor();
    await screenshot(betoPage, 'live-3-score-back-to-zero');
  });

  it('on the home grid each card shows the learner’s own vote, and a vote from a card reaches the other grid', async () => {
    const card = (page: Page) => page.getByRole('group', { name: `Votes for “bacán ${run}”` });
    for (const page of [anaPage, betoPage]) {
      await page.goto(new URL(`/?q=${encodeURIComponent(`bacán ${run}`)}`, stack().webUrl).href);
      await card(page).waitFor();
    }
    expect(await card(anaPage).getByRole('button', { name: 'Vote down' }).getAttribute('aria-pressed')).toBe('true');
    expect(await card(betoPage).getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('true');
    // Beto takes his vote back from his card: Ana's grid follows.
    await card(betoPage).getByRole('button', { name: 'Vote up' }).click();
    await betoPage.locator('.toast', { hasText: 'Vote removed' }).waitFor();
    await card(anaPage).getByText('-1 vote', { exact: true }).waitFor(); // English plural rules: -1 is 'one'
    await screenshot(anaPage, 'live-4-grid-score');
    for (const { errors } of sessions) expect(errors).toEqual([]);
  });
});
