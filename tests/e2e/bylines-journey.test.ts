import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, stack } from '../support/stack.ts';

// Bylines and profiles in real Chromium against the production build: on a phone, a guest
// sees who added an entry, follows the name to the learner's public profile and back, in
// English and in Spanish; a learner sees × only on the tag they may remove, and removes it.
// Screenshots go to test-results/e2e/bylines-*.png.

const run = Date.now().toString(36);
const person = (name: string) => ({ name: `${name} ${run}`, email: `${name.toLowerCase()}-by-${run}@e2e.jerga.local`, password: `mate-amargo-${run}` });
const owner = person('Olga');
const tagger = person('Tomas');
const title = `chamuyo ${run}`;
const taggersTag = `ch${run}`.slice(0, 20);
const ownersTag = `ow${run}`.slice(0, 20);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1200, height: 900 };

let browser: Browser;
let entryId: string;
let ownerId: string;
const contexts: { context: BrowserContext; errors: string[] }[] = [];

async function register(someone: typeof owner): Promise<{ token: string; id: string }> {
  const reply = await api<{ session: { access_token: string }; user: { _id: string } }>('/user/register', {
    body: { name: someone.name, email: someone.email, password: someone.password, confirmPassword: someone.password },
  });
  expect(reply.status).toBe(201);
  return { token: reply.body.session.access_token, id: reply.body.user._id };
}

async function tagEntry(token: string, name: string) {
  const tag = await api<{ data: { _id: string } }>('/tag/addTag', { body: { name }, token });
  expect(tag.status).toBe(201);
  expect((await api('/tag/addTagToContent', { body: { contentId: entryId, tagId: tag.body.data._id }, token })).status).toBe(201);
}

async function newPage(options: { viewport: typeof PHONE; language?: 'es' }): Promise<Page> {
  const context = await browser.newContext({ viewport: options.viewport, locale: 'en-US', isMobile: options.viewport === PHONE });
  if (options.language) await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), options.language);
  const page = await context.newPage();
  contexts.push({ context, errors: consoleErrors(page) });
  return page;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [olga, tomas] = await Promise.all([register(owner), register(tagger)]);
  ownerId = olga.id;
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: olga.token,
    body: { title, description: 'Smooth talk, to win someone over.', country: 'AR', author: 'Un porteño' },
  });
  entryId = added.body.data._id;
  await tagEntry(tomas.token, taggersTag);
  await tagEntry(olga.token, ownersTag);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('bylines and profiles', () => {
  it('on a phone, a guest sees who added an entry and opens their profile', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByText('Un porteño').waitFor();
    const byline = page.getByRole('link', { name: owner.name });
    await byline.waitFor();
    expect(await page.locator('.added-by').innerText()).toBe(`Added by ${owner.name}`);
    // A guest may remove no tag.
    expect(await page.getByRole('button', { name: /^Remove tag/ }).count()).toBe(0);
    await screenshot(page, 'bylines-01-entry-phone');

    await byline.click();
    await page.waitForURL(`**/users/${ownerId}`);
    await page.getByRole('heading', { level: 1, name: owner.name }).waitFor();
    await page.getByText('1 entry', { exact: true }).waitFor();
    await page.getByRole('link', { name: title }).waitFor();
    // Nothing wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, 'bylines-02-profile-phone');
    await page.getByRole('link', { name: title }).click();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
  });

  it('says the same in Spanish', async () => {
    const page = await newPage({ viewport: PHONE, language: 'es' });
    await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await expect.poll(() => page.locator('.added-by').innerText()).toBe(`Añadida por ${owner.name}`);
    await screenshot(page, 'bylines-03-entry-phone-es');
    await page.getByRole('link', { name: owner.name }).click();
    await page.getByRole('heading', { level: 1, name: owner.name }).waitFor();
    await page.getByText('1 entrada', { exact: true }).waitFor();
    await page.getByText(/Aprende con Jerga desde el/).waitFor();
    await screenshot(page, 'bylines-04-profile-phone-es');
  });

  it('says plainly when there is no such learner', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto(new URL('/users/not-a-learner', stack().webUrl).href);
    await page.getByRole('heading', { name: 'Learner not found' }).waitFor();
    await screenshot(page, 'bylines-05-profile-not-found');
    // The browser reports the 404 reply itself; that is the only thing it may write here.
    const { errors } = contexts.pop()!;
    expect(errors.filter((error) => !/status of 404/.test(error))).toEqual([]);
  });

  it('shows a learner × only on the tag they may remove, and it comes off', async () => {
    const page = await newPage({ viewport: DESKTOP });
    await logInThroughForm(page, new URL('/login', stack().webUrl).href, tagger);
    await page.goto(new URL(`/content/${entryId}`, stack().webUrl).href);
    const remove = page.getByRole('button', { name: `Remove tag ${taggersTag}` });
    await remove.waitFor();
    await page.locator('.tag', { hasText: ownersTag }).waitFor();
    expect(await page.getByRole('button', { name: `Remove tag ${ownersTag}` }).count()).toBe(0);
    await screenshot(page, 'bylines-06-tags-signed-in');
    await remove.click();
    await page.getByText('Tag removed').waitFor();
    await expect.poll(() => page.locator('.tag', { hasText: taggersTag }).count()).toBe(0);
  });

  it('writes no errors to the console', () => {
    expect(contexts.flatMap((item) => item.errors)).toEqual([]);
  });
});
