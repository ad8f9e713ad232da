import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Reviews on a bus, in real Chromium against the production build: the learner opens
// /flashcards once online (the service worker installs and takes the page), loses the network
// (the page and its service worker), reloads /flashcards — it opens from the service worker
// with the due cards it kept — reviews two cards, is told "Offline — 2 reviews will sync",
// and once the network is back the server has exactly those two reviews. Then a rating whose
// request fails while the browser believes it is online waits and is sent later, once.
// Last, the next day on the bus: a card due only tomorrow (the learner's next local day) is
// not in today's session, but the list the service worker kept has it; the page's clock moved
// into that day, offline, the page left open on "come back tomorrow" shows it by itself (and a
// reload too), it is reviewed, and synced once when the network returns.
// Screenshots go to test-results/e2e/offline-*.png.

const run = Date.now().toString(36);
const learner = { name: `Nico ${run}`, email: `nico-offline-${run}@e2e.jerga.local`, password: `sin-red-${run}` };
const titles = [`bondi ${run}`, `laburo ${run}`, `fiaca ${run}`, `birra ${run}`];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let learnerId: string;
let token: string;
const entryIds: string[] = [];
/** Console errors the browser writes for requests while the network is cut, and nothing else. */
let networkCut = false;
const expectedWhileCut = /^Failed to load resource: net::ERR_(INTERNET_DISCONNECTED|FAILED)$|^WebSocket connection to '[^']*\/realtime\/v1\/[^']*' failed: Error in connection establishment: net::ERR_INTERNET_DISCONNECTED$/;
const errorsWhileCut: string[] = [];
/**
 * The auth client's failed token refresh (supabase-js logs it and keeps the session), once the
 * page's clock has moved past the token's expiry while offline: from its refresh timer as the
 * fetch's TypeError, or, when a page (re)loaded offline asks for its session, as the
 * AuthRetryableFetchError auth-js wraps it in. Either way the error was made in its code.
 */
const refreshWhileCut = /^(TypeError|AuthRetryableFetchError): Failed to fetch\n\s+at [^\n]*\/assets\/auth-client-[\w-]+\.js:/;

/** How often an open session looks whether the learner's day has changed (flashcard-review.tsx's DAY_CHECK_MS). */
const DAY_CHECK_MS = 30_000;

const url = (path: string) => new URL(path, stack().webUrl).href;
const reviewsOnServer = async () => (await adminSql()`select flashcard_id, review_id, duration_ms from public.reviews where user_id = ${learnerId}`).map((row) => ({ ...row }));

beforeAll(async () => {
  browser = await launchBrowser();
  token = await registerThroughApi(learner);
  learnerId = (await adminSql()`select id from auth.users where email = ${learner.email}`)[0].id as string;
  for (const [index, title] of titles.entries()) {
    const added = await api<{ data: { _id: string } }>('/content/addContent', {
      token,
      body: { title, description: `Offline word ${index + 1}.`, country: 'AR', author: learner.name },
    });
    expect(added.status).toBe(201);
    entryIds.push(added.body.data._id);
  }
  // Three cards due now; the fourth is added while the learner is offline.
  for (const contentId of entryIds.slice(0, 3)) expect((await api('/flashcard/addFlashcard', { token, body: { contentId } })).status).toBe(201);
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  // As consoleErrors() collects them, but the failed requests of a cut network are expected
  // (and only while it is cut): they are kept apart.
  errors = [];
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    if (networkCut && (expectedWhileCut.test(message.text()) || refreshWhileCut.test(message.text()))) errorsWhileCut.push(message.text());
    else errors.push(`${page.url()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const card = () => page.getByRole('article', { name: 'Flashcard' });
const ratings = () => page.getByRole('group', { name: 'How well did you remember it?' });
const indicator = () => page.locator('.sync-indicator');

const shownTitle = () => card().getByRole('heading', { level: 2 }).first().textContent();

/** Turns the card on top, rates it Good, and waits for the next one. */
async function rateGood(expectedNext: string): Promise<void> {
  await card().click();
  await ratings().getByRole('button', { name: /^Good/ }).click();
  await expect.poll(shownTitle).toBe(expectedNext);
}

describe('reviewing offline', () => {
  it('opens /flashcards online and the service worker takes the page', async () => {
    await page.goto(url('/flashcards'));
    await page.getByText('3 cards left').waitFor();
    // Installed (the app shell precached) and active; a page opened before it is taken at the next load.
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await page.getByText('3 cards left').waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(url('/sw.js'));
    // The manifest is linked and read.
    expect(await page.evaluate(async () => (await (await fetch('/manifest.webmanifest')).json()).display)).toBe('standalone');
  });

  it('reloads /flashcards with the network cut for the page and its service worker, and reviews two cards', async () => {
    networkCut = true;
    await context.setOffline(true);
    // The server gets a fourth due card meanwhile: only a service worker that reaches the network could know.
    expect((await api('/flashcard/addFlashcard', { token, body: { contentId: entryIds[3] } })).status).toBe(201);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    // The service worker itself cannot fetch: its due-cards route falls back to what it kept.
    const fromWorker = await page.evaluate(async (id) => {
      const key = Object.keys(localStorage).find((name) => name.endsWith('-auth-token'))!;
      const session = JSON.parse(localStorage.getItem(key)!) as { access_token: string };
      const reply = await fetch(`/api/flashcard/getDueFlashcards/${id}?limit=100&ahead=1`, { headers: { Authorization: `Bearer ${session.access_token}` } });
      return { status: reply.status, total: ((await reply.json()) as { total: number }).total };
    }, learnerId);
    expect(fromWorker).toEqual({ status: 200, total: 3 });

    await page.reload();
    await page.getByText('3 cards left').waitFor();
    expect(await indicator().textContent()).toBe('');
    // Oldest due first: the order they were added.
    expect(await shownTitle()).toBe(titles[0]);
    await rateGood(titles[1]);
    await page.getByText('Offline — 1 review will sync').waitFor();
    await rateGood(titles[2]);
    await page.getByText('Offline — 2 reviews will sync').waitFor();
    expect(await reviewsOnServer()).toEqual([]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'offline-1-two-reviews-waiting');
  });

  it('sends both when the network returns: exactly two reviews on the server, the indicator gone', async () => {
    await context.setOffline(false);
    await expect.poll(() => indicator().textContent(), { timeout: 20_000 }).toBe('');
    networkCut = false;
    const reviews = await reviewsOnServer();
    expect(reviews).toHaveLength(2);
    expect(new Set(reviews.map((review) => review.review_id)).size).toBe(2);
    expect(new Set(reviews.map((review) => review.flashcard_id)).size).toBe(2);
    for (const review of reviews) expect(review.duration_ms).toEqual(expect.any(Number));
    // The device keeps the two confirmed ratings a while (a due list it kept does not know them),
    // out of the queue.
    const kept = await page.evaluate(async () => {
      const rows = async (name: string, store: string) => {
        const database = await new Promise<IDBDatabase>((resolve, reject) => {
          const opened = indexedDB.open(name);
          opened.onsuccess = () => resolve(opened.result);
          opened.onerror = () => reject(opened.error);
        });
        const all = database.transaction(store, 'readonly').objectStore(store).getAll();
        const found = await new Promise<{ reviewId: string; syncedAt?: string }[]>((resolve) => (all.onsuccess = () => resolve(all.result)));
        database.close();
        return found;
      };
      return { pending: await rows('jerga-offline', 'pending-reviews'), synced: await rows('jerga-offline-synced', 'synced-reviews') };
    });
    expect(kept.pending).toEqual([]);
    expect(kept.synced.map((row) => row.reviewId).sort()).toEqual(reviews.map((review) => review.review_id).sort());
    for (const row of kept.synced) expect(Number.isNaN(Date.parse(row.syncedAt ?? ''))).toBe(false);
    // Still signed in, and the page still works online.
    await page.getByText(`Welcome, ${learner.name}!`).waitFor();
  });

  it('keeps a rating whose request failed while the browser thought it was online, and sends it later once', async () => {
    const aborted: string[] = [];
    await page.route('**/api/flashcard/updateFlashcardReview/**', async (route) => {
      aborted.push(route.request().url());
      await route.abort('failed');
    });
    networkCut = true;
    expect(await shownTitle()).toBe(titles[2]);
    await card().click();
    await ratings().getByRole('button', { name: /^Good/ }).click();
    await page.getByText('Offline — 1 review will sync').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    expect(aborted.length).toBeGreaterThan(0);
    expect(await reviewsOnServer()).toHaveLength(2);
    await screenshot(page, 'offline-2-request-failed-unnoticed');

    await page.unroute('**/api/flashcard/updateFlashcardReview/**');
    await expect.poll(() => indicator().textContent(), { timeout: 30_000 }).toBe('');
    networkCut = false;
    const reviews = await reviewsOnServer();
    expect(reviews).toHaveLength(3);
    expect(new Set(reviews.map((review) => review.review_id)).size).toBe(3);
    expect(new Set(reviews.map((review) => review.flashcard_id)).size).toBe(3);
    // Online again, the list is the server's: the card added while offline comes first (the
    // three rated ones are in later learning steps), and the reload sends nothing again.
    await page.reload();
    await expect.poll(shownTitle).toBe(titles[3]);
    expect(await reviewsOnServer()).toHaveLength(3);
  });

  it('keeps two ratings made after the connection dropped unnoticed through a reload offline, and sends each once', async () => {
    // Issue 32's walk: /flashcards open online, then every request of the page fails while
    // the browser still believes it is online, two cards are rated, the page is reloaded
    // offline; once the connection is back, the server has exactly those two reviews.
    const extraTitle = `guita ${run}`;
    const added = await api<{ data: { _id: string } }>('/content/addContent', { token, body: { title: extraTitle, description: 'Offline word 5.', country: 'AR', author: learner.name } });
    expect(added.status).toBe(201);
    expect((await api('/flashcard/addFlashcard', { token, body: { contentId: added.body.data._id } })).status).toBe(201);
    await page.reload();
    await expect.poll(shownTitle).toBe(titles[3]);
    const before = await reviewsOnServer();

    const failed: string[] = [];
    await page.route('**/api/**', async (route) => {
      failed.push(route.request().url());
      await route.abort('internetdisconnected');
    });
    networkCut = true;
    await card().click();
    await ratings().getByRole('button', { name: /^Good/ }).click();
    // The moment the send fails, not only once the browser says it is offline.
    await page.getByText('Offline — 1 review will sync').waitFor();
    expect(await page.evaluate(() => navigator.onLine)).toBe(true);
    await expect.poll(shownTitle).toBe(extraTitle);
    await card().click();
    await ratings().getByRole('button', { name: /^Good/ }).click();
    await page.getByText('Offline — 2 reviews will sync').waitFor();
    expect(failed.some((address) => address.includes('/updateFlashcardReview/'))).toBe(true);

    await context.setOffline(true);
    await page.reload();
    await page.getByText('Offline — 2 reviews will sync').waitFor();
    expect(await reviewsOnServer()).toEqual(before);

    await page.unroute('**/api/**');
    await context.setOffline(false);
    await expect.poll(() => indicator().textContent(), { timeout: 30_000 }).toBe('');
    networkCut = false;
    const after = await reviewsOnServer();
    const known = new Set(before.map((review) => review.review_id));
    const arrived = after.filter((review) => !known.has(review.review_id));
    expect(arrived).toHaveLength(2);
    expect(new Set(arrived.map((review) => review.flashcard_id)).size).toBe(2);
    // A reload online sends nothing again.
    await page.reload();
    await page.getByText(`Welcome, ${learner.name}!`).waitFor();
    expect(await reviewsOnServer()).toHaveLength(before.length + 2);
  });

  it('reviews offline the next day a card that was due only tomorrow when the page was loaded online', async () => {
    const sql = adminSql();
    const tomorrowTitle = `micro ${run}`;
    const added = await api<{ data: { _id: string } }>('/content/addContent', {
      token,
      body: { title: tomorrowTitle, description: 'Offline word for tomorrow.', country: 'CL', author: learner.name },
    });
    expect(added.status).toBe(201);
    const addedCard = await api<{ data: { _id: string } }>('/flashcard/addFlashcard', { token, body: { contentId: added.body.data._id } });
    expect(addedCard.status).toBe(201);
    const cardId = addedCard.body.data._id;
    // The learner's next local day (their time zone, as the server counts days): the new card
    // becomes due a minute into it; every other card only days later.
    const tomorrow = (await sql`select private.local_day_end(${learnerId}, now()) as at`)[0].at as Date;
    await sql`update public.flashcards set due = ${tomorrow}::timestamptz + interval '1 minute' where id = ${cardId}`;
    await sql`update public.flashcards set due = ${tomorrow}::timestamptz + interval '5 days' where user_id = ${learnerId} and id <> ${cardId}`;
    const reviewsBefore = (await reviewsOnServer()).length;

    // Online today: nothing left for today, and the service worker keeps the reply with the next day.
    // The page's timers run on Playwright's clock from this load on (time flows as usual), so
    // the day check the page makes every half minute can be brought forward instead of waited for.
    await page.clock.install();
    await page.reload();
    await page.getByText('Please come back tomorrow.').waitFor();
    await expect
      .poll(() =>
        page.evaluate(async (title) => {
          const cache = await caches.open('jerga-due-cards');
          const kept = await Promise.all((await cache.keys()).map(async (request) => (await cache.match(request))!.text()));
          return kept.some((body) => body.includes(title));
        }, tomorrowTitle),
      )
      .toBe(true);

    // Tomorrow, on the bus: no network, the device's clock past the card's due. The page was
    // left open on "come back tomorrow": it notices the learner's new day by itself (it looks
    // every half minute) and asks for the due list again, which the service worker answers
    // with the list it kept — the next day's card.
    networkCut = true;
    await context.setOffline(true);
    await page.clock.setSystemTime(new Date(tomorrow.getTime() + 2 * 60_000));
    // The half minute passes at once: the page's next look (and any other timer due by then) runs now.
    await page.clock.fastForward(DAY_CHECK_MS);
    await expect.poll(shownTitle, { timeout: 45_000 }).toBe(tomorrowTitle);
    expect(await page.getByText('1 card left').count()).toBe(1);
    // Opened afresh that day, offline, the same.
    await page.reload();
    await expect.poll(shownTitle).toBe(tomorrowTitle);
    await card().click();
    await ratings().getByRole('button', { name: /^Good/ }).click();
    await page.getByText('Offline — 1 review will sync').waitFor();
    expect(await reviewsOnServer()).toHaveLength(reviewsBefore);
    await screenshot(page, 'offline-3-next-day');

    // The server's clock cannot be moved to tomorrow: the queued rating's time is moved back
    // by the jump of the page's clock (the server refuses a reviewedAt minutes in its future),
    // so it reaches the server as if the bus ride were now.
    const jump = Date.now() - (tomorrow.getTime() + 2 * 60_000 + DAY_CHECK_MS);
    await page.evaluate(async (shift) => {
      const database = await new Promise<IDBDatabase>((resolve, reject) => {
        const opened = indexedDB.open('jerga-offline');
        opened.onsuccess = () => resolve(opened.result);
        opened.onerror = () => reject(opened.error);
      });
      const store = database.transaction('pending-reviews', 'readwrite').objectStore('pending-reviews');
      const rows = await new Promise<{ reviewedAt: string }[]>((resolve) => {
        const all = store.getAll();
        all.onsuccess = () => resolve(all.result as { reviewedAt: string }[]);
      });
      for (const row of rows) store.put({ ...row, reviewedAt: new Date(Date.parse(row.reviewedAt) + shift).toISOString() });
      await new Promise((resolve) => (store.transaction.oncomplete = resolve));
      database.close();
    }, jump);
    await page.clock.setSystemTime(new Date());

    await context.setOffline(false);
    await expect.poll(() => indicator().textContent(), { timeout: 30_000 }).toBe('');
    networkCut = false;
    const reviews = await reviewsOnServer();
    expect(reviews).toHaveLength(reviewsBefore + 1);
    expect(reviews.filter((review) => review.flashcard_id === cardId)).toHaveLength(1);
    // Several long polls above: room for them on a busy machine.
  }, 120_000);

  it('wrote nothing to the console but the failed requests of the cut network', () => {
    expect(errors).toEqual([]);
    expect(errorsWhileCut.length).toBeGreaterThan(0);
  });
});
