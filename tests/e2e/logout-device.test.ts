import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Logging out leaves nothing of the learner on the device, in real Chromium against the
// production build with its service worker: reviewed online, Log Out empties the queue's
// databases and the due lists the service worker kept. Reviewed offline, Log Out first says
// how many reviews would be lost: "Stay signed in" keeps everything, "Log out anyway" clears
// it and nothing is sent later. A session ended elsewhere: the rest goes, the unsent reviews
// wait for the same learner's next sign-in here, and are sent then. Two tabs: logging out in
// one empties the other's page, and the device stays empty.
// Screenshots go to test-results/e2e/logout-*.png.

const run = Date.now().toString(36);
const learner = { name: `Lola ${run}`, email: `lola-logout-${run}@e2e.jerga.local`, password: `chau-chau-${run}` };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let learnerId: string;
const errors: string[] = [];
/** While the network is cut, or a session is ended behind the page's back: its failed requests are expected. */
let expectingFailures = false;
const expectedFailure =
  /^Failed to load resource: (net::ERR_(INTERNET_DISCONNECTED|FAILED)|the server responded with a status of 40[13] \([^)]*\))$|^WebSocket connection to '[^']*\/realtime\/v1\/[^']*' failed/;

const url = (path: string) => new URL(path, stack().webUrl).href;
const reviewsOnServer = async () => (await adminSql()`select review_id from public.reviews where user_id = ${learnerId}`).map((row) => row.review_id as string);

/** Everything of the queue, the kept due lists and the session that this browser holds, read from `on`. */
async function deviceState(on: Page) {
  return on.evaluate(async () => {
    // Only databases that exist are opened: opening one creates it, which the app would then find without its store.
    const names = new Set((await indexedDB.databases()).map((database) => database.name));
    const rows = async (name: string, store: string) => {
      if (!names.has(name)) return [];
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opened = indexedDB.open(name);
        opened.onsuccess = () => resolve(opened.result);
        opened.onerror = () => reject(opened.error);
      });
      try {
        if (!database.objectStoreNames.contains(store)) return [];
        const all = database.transaction(store, 'readonly').objectStore(store).getAll();
        return await new Promise<{ userId: string; reviewId: string }[]>((resolve) => (all.onsuccess = () => resolve(all.result)));
      } finally {
        database.close();
      }
    };
    const dueLists = (await caches.has('jerga-due-cards')) ? (await (await caches.open('jerga-due-cards')).keys()).map((request) => request.url) : [];
    return {
      pending: (await rows('jerga-offline', 'pending-reviews')).map((row) => row.userId),
      synced: (await rows('jerga-offline-synced', 'synced-reviews')).map((row) => row.userId),
      dueLists,
      signedIn: Object.keys(localStorage).some((key) => key.endsWith('-auth-token')),
    };
  });
}

const empty = { pending: [], synced: [], dueLists: [], signedIn: false };

const card = () => page.getByRole('article', { name: 'Flashcard' });
const ratings = () => page.getByRole('group', { name: 'How well did you remember it?' });
const shownTitle = () => card().getByRole('heading', { level: 2 }).first().textContent();

/** Turns the card on top, rates it Good, and waits for the next one (a New card rated Good comes back only minutes later). */
async function rateGood(): Promise<void> {
  const before = await shownTitle();
  await card().click();
  await ratings().getByRole('button', { name: /^Good/ }).click();
  await expect.poll(shownTitle).not.toBe(before);
}

const logOutButton = () => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Log Out' });

/** /flashcards opened online: the service worker keeps the learner's due list. */
async function openReviewsOnline(): Promise<void> {
  await page.goto(url('/flashcards'));
  await page.getByText(/^\d+ cards? left$/).waitFor();
  await expect.poll(async () => (await deviceState(page)).dueLists.some((kept) => kept.includes(learnerId))).toBe(true);
}

beforeAll(async () => {
  browser = await launchBrowser();
  const token = await registerThroughApi(learner);
  learnerId = (await adminSql()`select id from auth.users where email = ${learner.email}`)[0].id as string;
  for (let index = 0; index < 6; index++) {
    const added = await api<{ data: { _id: string } }>('/content/addContent', {
      token,
      body: { title: `chau ${index} ${run}`, description: `Logout word ${index + 1}.`, country: 'UY', author: learner.name },
    });
    expect(added.status).toBe(201);
    expect((await api('/flashcard/addFlashcard', { token, body: { contentId: added.body.data._id } })).status).toBe(201);
  }
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (!(expectingFailures && expectedFailure.test(message.text()))) errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('logging out clears the device', () => {
  it('reviews online, logs out: nothing of the learner is left in IndexedDB, the kept due lists or the session', async () => {
    await page.goto(url('/flashcards'));
    await page.getByText('6 cards left').waitFor();
    // The service worker installs and takes the page at the next load.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.getByText('6 cards left').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(url('/sw.js'));
    await rateGood();
    await expect.poll(async () => (await reviewsOnServer()).length).toBe(1);
    await expect.poll(async () => (await deviceState(page)).synced).toEqual([learnerId]);
    expect((await deviceState(page)).dueLists.some((kept) => kept.includes(learnerId))).toBe(true);

    await logOutButton().click();
    await page.getByText('Logged out successfully!').waitFor();
    await expect.poll(() => deviceState(page)).toEqual(empty);
    await screenshot(page, 'logout-1-cleared');
  });

  it('offline, Log Out first says how many reviews would be lost; “Stay signed in” keeps everything', async () => {
    await logInThroughForm(page, url('/login'), learner);
    await openReviewsOnline();
    expectingFailures = true;
    await context.setOffline(true);
    await rateGood();
    await rateGood();
    await page.getByText('Offline — 2 reviews will sync').waitFor();

    await logOutButton().click();
    const dialog = page.getByRole('dialog', { name: 'Reviews not sent yet' });
    await dialog.getByText("2 reviews haven't been sent yet. If you log out now, they will be lost.").waitFor();
    expect(await dialog.getByRole('button', { name: 'Stay signed in' }).evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'logout-2-unsent-dialog');
    await dialog.getByRole('button', { name: 'Stay signed in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText(`Welcome, ${learner.name}!`).waitFor();
    const kept = await deviceState(page);
    expect(kept.pending).toEqual([learnerId, learnerId]);
    expect(kept.signedIn).toBe(true);
    expect(kept.dueLists.some((list) => list.includes(learnerId))).toBe(true);
    // Escape answers the same.
    await logOutButton().click();
    await dialog.waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect((await deviceState(page)).pending).toHaveLength(2);
  });

  it('“Log out anyway” logs out offline, clears everything, and nothing is sent once the network is back', async () => {
    await logOutButton().click();
    await page.getByRole('dialog', { name: 'Reviews not sent yet' }).getByRole('button', { name: 'Log out anyway' }).click();
    await page.getByText('Logged out successfully!').waitFor();
    await expect.poll(() => deviceState(page)).toEqual(empty);
    await context.setOffline(false);
    // Nothing left to send: the server has the one review made online, and the page a guest's view.
    await page.goto(url('/flashcards'));
    await page.getByText('Please log in to view this page').waitFor();
    expect(await reviewsOnServer()).toHaveLength(1);
    expect(await deviceState(page)).toEqual(empty);
    expectingFailures = false;
  });

  it('a session ended elsewhere: the rest goes, the unsent review waits for the same learner and is sent at their next sign-in', async () => {
    await logInThroughForm(page, url('/login'), learner);
    await openReviewsOnline();
    const sentBefore = (await reviewsOnServer()).length;
    expectingFailures = true;
    await context.setOffline(true);
    await rateGood();
    await page.getByText('Offline — 1 review will sync').waitFor();
    // "Log out everywhere" from another device: Auth ends every session of the learner.
    const token = await page.evaluate(() => (JSON.parse(localStorage.getItem(Object.keys(localStorage).find((key) => key.endsWith('-auth-token'))!)!) as { access_token: string }).access_token);
    const ended = await fetch(`${stack().apiUrl}/auth/v1/logout?scope=global`, { method: 'POST', headers: { apikey: stack().anonKey, authorization: `Bearer ${token}` } });
    expect(ended.status).toBe(204);

    // Back online, the queue tries to send with the ended session: the app signs out.
    await context.setOffline(false);
    await expect.poll(async () => (await deviceState(page)).signedIn, { timeout: 20_000 }).toBe(false);
    await expect.poll(() => deviceState(page)).toEqual({ ...empty, pending: [learnerId] });
    expect(await reviewsOnServer()).toHaveLength(sentBefore);
    await screenshot(page, 'logout-3-session-ended');

    // The same learner signs in again on this device: the review goes, as them.
    await logInThroughForm(page, url('/login'), learner);
    await expect.poll(async () => (await reviewsOnServer()).length, { timeout: 20_000 }).toBe(sentBefore + 1);
    await expect.poll(async () => (await deviceState(page)).pending).toEqual([]);
    expectingFailures = false;
  });

  it('two tabs: logging out in one empties the other’s page, and the device stays empty', async () => {
    await openReviewsOnline();
    const other = await context.newPage();
    try {
      await other.goto(url('/flashcards'));
      await other.getByText(/^\d+ cards? left$/).waitFor();
      await logOutButton().click();
      await page.getByText('Logged out successfully!').waitFor();
      await other.getByText('Please log in to view this page').waitFor();
      await expect.poll(() => deviceState(other)).toEqual(empty);
      // The other tab, reloaded signed out, puts nothing back.
      await other.reload();
      await other.getByText('Please log in to view this page').waitFor();
      expect(await deviceState(other)).toEqual(empty);
    } finally {
      await other.close();
    }
  });

  it('wrote nothing to the console but the expected failed requests', () => {
    expect(errors).toEqual([]);
  });
});
