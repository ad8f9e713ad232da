import { unzipSync } from 'fflate';
import initSqlJs from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// A learner in real Chromium against the production build: adds three entries to their
// flashcards (from the home grid and from an entry page), reviews them with all four
// ratings (Again's card comes back when its step is due), sees the streak toast, then finds the streak and the
// review calendar on /account, downloads the review log and the cards for Anki. Screenshots go to test-results/e2e/flashcards-*.png.

const run = Date.now().toString(36);
const learner = { name: `Lola ${run}`, email: `lola-cards-${run}@e2e.jerga.local`, password: `tarjetas-${run}` };
const titles = [`chamba ${run}`, `guagua ${run}`, `pibe ${run}`];

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
const entryIds: string[] = [];

const url = (path: string) => new URL(path, stack().webUrl).href;

/** Ends the learning step of the learner's card of `title` now, as if its minutes had passed. */
async function dueNow(title: string): Promise<void> {
  await adminSql()`update public.flashcards f set due = now() - interval '1 second' from public.entries e where e.id = f.entry_id and e.title = ${title}`;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ session: { access_token: string } }>('/user/register', {
    body: { name: learner.name, email: learner.email, password: learner.password, confirmPassword: learner.password },
  });
  expect(registered.status).toBe(201);
  const token = registered.body.session.access_token;
  const fields = [
    { title: titles[0], description: 'Work, a job.', country: 'MX', hint: 'trabajo', exampleSentence: 'Tengo mucha chamba hoy.' },
    { title: titles[1], description: 'A city bus.', country: 'CU', exampleSentence: 'Tomé la guagua al centro.' },
    { title: titles[2], description: 'A kid, a young guy.', country: 'AR' },
  ];
  for (const entry of fields) {
    const added = await api<{ data: { _id: string } }>('/content/addContent', { token, body: { ...entry, author: learner.name } });
    expect(added.status).toBe(201);
    entryIds.push(added.body.data._id);
  }
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const toast = (text: string) => page.locator('.toast', { hasText: text });

describe('a learner’s first day with flashcards', () => {
  it('adds three entries to flashcards: two from the home grid, one from its page; all three then show as added', async () => {
    // Only this journey's entries (the grid holds every other test's too).
    await page.goto(url(`/?q=${run}`));
    for (const title of titles.slice(0, 2)) {
      const card = page.locator('article.entry-card', { hasText: title });
      await card.getByRole('button', { name: 'Add to flashcards' }).click();
      await toast('Added to flashcards successfully!').first().waitFor();
      await card.getByRole('button', { name: 'In your flashcards' }).waitFor();
    }
    await screenshot(page, 'flashcards-1-added-from-grid');

    await page.goto(url(`/content/${entryIds[2]}`));
    await page.getByRole('heading', { level: 1, name: titles[2] }).waitFor();
    await page.getByRole('button', { name: 'Add to flashcards' }).click();
    await page.getByRole('button', { name: 'In your flashcards' }).waitFor();

    // After a reload the entries themselves say they are in the learner's flashcards.
    await page.reload();
    await page.getByRole('button', { name: 'In your flashcards' }).waitFor();
    expect(await page.getByRole('button', { name: 'In your flashcards' }).isDisabled()).toBe(true);
    await page.goto(url(`/?q=${run}`));
    await expect.poll(() => page.getByRole('button', { name: 'In your flashcards' }).count()).toBe(3);
  });

  it('reviews them with all four ratings, a learning step coming back when due, and sees the streak toast', async () => {
    await page.goto(url('/flashcards'));
    const card = page.getByRole('article', { name: 'Flashcard' });
    const heading = () => card.getByRole('heading', { level: 2 }).first();
    await page.getByText('3 cards left').waitFor();
    // Oldest due first: the order they were added.
    expect(await heading().textContent()).toBe(titles[0]);

    // The hint as its author wrote it, then the answer by keyboard.
    await card.getByRole('button', { name: 'Show hint' }).click();
    await card.getByText('trabajo', { exact: true }).waitFor();
    // Space turns the card, though the hint button was clicked last.
    await page.keyboard.press('Space');
    await card.getByText('Tengo mucha chamba hoy.').waitFor();
    const ratings = page.getByRole('group', { name: 'How well did you remember it?' });
    for (const name of ['Again', 'Hard', 'Good', 'Easy']) await ratings.getByRole('button', { name: new RegExp(`^${name} \\d`) }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'flashcards-2-answer');

    await ratings.getByRole('button', { name: /^Again/ }).click();
    await toast('Streak started! Current streak: 1').waitFor();
    // Back for a learning step today: learning, no longer left.
    await page.getByText('2 cards left').waitFor();
    await expect.poll(() => heading().textContent()).toBe(titles[1]);

    // The second card: "Hard" with the key 2 once it is turned.
    await card.click();
    await ratings.waitFor();
    await page.keyboard.press('2');
    // Hard on a new card is a learning step minutes away: it stays in today's session.
    await expect.poll(() => heading().textContent()).toBe(titles[2]);
    await page.getByText('1 card left').waitFor();

    await card.click();
    await card.getByText('No hint provided').or(card.getByText('A kid, a young guy.')).first().waitFor();
    await ratings.getByRole('button', { name: /^Good/ }).click();
    // All three are in learning steps due later today: a countdown, not "come back tomorrow".
    await page.getByRole('timer').waitFor();
    await page.getByText(/^Next card in \d+ min$/).waitFor();
    expect(await page.getByText(/come back tomorrow/).count()).toBe(0);
    await screenshot(page, 'flashcards-3-waiting');
    // The step of the card rated Again is over (its due time moved, not waited for): it comes back.
    await dueNow(titles[0]);
    await page.reload();
    await expect.poll(() => heading().textContent()).toBe(titles[0]);
    await page.getByText('0 cards left').waitFor();
    await page.getByText('3 learning', { exact: true }).waitFor();
    await card.click();
    await ratings.getByRole('button', { name: /^Easy/ }).click();
    await page.getByRole('timer').waitFor();
  });

  it('shows the streak, the freezes and the review calendar on /account', async () => {
    await page.goto(url('/account'));
    const streaks = page.getByRole('region', { name: 'Streaks' });
    await streaks.getByText('Current streak').waitFor();
    await expect.poll(async () => (await streaks.textContent()) ?? '').toMatch(/Current streak\s*1 day/);
    expect(await streaks.textContent()).toMatch(/Longest streak\s*1 day/);
    await page.getByText('Streak freezes').waitFor();
    await page.getByRole('img', { name: '4 reviews in the last year' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'flashcards-4-account');
  });

  it('downloads the review log as CSV in the optimizer’s columns', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download review log (CSV)' }).click()]);
    expect(download.suggestedFilename()).toBe('jerga-review-log.csv');
    const text = await (await download.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'));
    const lines = text.trim().split('\n');
    expect(lines[0]).toBe('card_id,review_time,review_rating,review_state,review_duration');
    expect(lines.slice(1).map((line) => line.split(',')[2])).toEqual(['1', '2', '3', '4']);
  });

  it('downloads the cards for Anki as an .apkg: a zip holding the collection with every card', async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export for Anki' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^jerga-\d{4}-\d{2}-\d{2}\.apkg$/);
    const bytes = await (await download.createReadStream()).toArray().then((chunks) => new Uint8Array(Buffer.concat(chunks)));
    const files = unzipSync(bytes);
    expect(Object.keys(files).sort()).toEqual(['collection.anki2', 'media']);
    const SQL = await initSqlJs();
    const collection = new SQL.Database(files['collection.anki2']);
    const [{ count }] = await adminSql()<{ count: number }[]>`select count(*)::integer as count from public.flashcards where entry_id = any(${entryIds}::uuid[])`;
    expect(count).toBeGreaterThanOrEqual(3);
    expect(collection.exec('select count(*) from cards')[0].values[0][0]).toBe(count);
    collection.close();
  });

  it('works on a phone in Spanish', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    const phoneErrors = consoleErrors(phonePage);
    // The language cached by the desktop visit is English: ask for Spanish in the URL.
    await dueNow(titles[1]);
    await dueNow(titles[2]);
    await phonePage.goto(url('/flashcards?lng=es'));
    // Hard and Good left those two cards in today's learning steps (minutes away, here made
    // due now): due by the end of the learner's day, so they are offered again, as learning
    // (none left to introduce); Easy's card is days away.
    await phonePage.getByText('2 en aprendizaje', { exact: true }).waitFor();
    await phonePage.getByRole('article', { name: 'Tarjeta' }).click();
    await phonePage.getByRole('group', { name: '¿Cuánto lo recordabas?' }).waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'flashcards-5-review-phone-es');
    await phonePage.goto(url('/account'));
    await phonePage.getByRole('img', { name: '4 repasos en el último año' }).waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'flashcards-6-account-phone-es');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it('wrote nothing to the console', () => {
    expect(errors).toEqual([]);
  });
});
