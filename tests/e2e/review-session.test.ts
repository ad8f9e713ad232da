import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { concurrently } from '../support/concurrently.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// The review session as a learner uses it, in real Chromium against the production build:
// the hint reads as its author wrote it; Space and 1–4 drive the card after a click on the
// hint; a card rated into a learning step comes back in the session when due, with a
// countdown while it waits (its due time moved by SQL rather than waited for); the daily
// limits saved on /account; suspend and resume in the card browser; the dark theme, axe
// clean; a finished session offers the e-mail reminder, and Yes shows on /account. Screenshots (phone and desktop, English and Spanish, light and dark) go to
// test-results/e2e/session-*.png.

const run = Date.now().toString(36);
const learner = { name: `Rita ${run}`, email: `rita-session-${run}@e2e.jerga.local`, password: `repaso-${run}` };
const titles = [`bondi ${run}`, `laburo ${run}`];
const hint = 'What you ride to work in Buenos Aires';

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let token: string;
let userId: string;

const url = (path: string) => new URL(path, stack().webUrl).href;
const toast = (text: string) => page.locator('.toast', { hasText: text });

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ user: { _id: string }; session: { access_token: string } }>('/user/register', {
    body: { name: learner.name, email: learner.email, password: learner.password, confirmPassword: learner.password },
  });
  expect(registered.status).toBe(201);
  token = registered.body.session.access_token;
  userId = registered.body.user._id;
  const fields = [
    { title: titles[0], description: 'A city bus.', country: 'AR', hint, exampleSentence: 'Me tomé el bondi.' },
    { title: titles[1], description: 'Work, a job.', country: 'AR', exampleSentence: 'Tengo mucho laburo.' },
  ];
  for (const entry of fields) {
    const added = await api<{ data: { _id: string } }>('/content/addContent', { token, body: { ...entry, author: learner.name } });
    expect(added.status).toBe(201);
    const card = await api('/flashcard/addFlashcard', { token, body: { contentId: added.body.data._id } });
    expect(card.status).toBe(201);
  }
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US', colorScheme: 'light' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const cardOf = (title: string) => adminSql()`select f.id, f.state, f.suspended, f.due from public.flashcards f join public.entries e on e.id = f.entry_id where e.title = ${title}`;

describe('a review session that respects the learner’s day', () => {
  it('reads the hint as written; Space and 1–4 drive the card after a click on the hint', async () => {
    await page.goto(url('/flashcards'));
    const card = page.getByRole('article', { name: 'Flashcard' });
    const heading = () => card.getByRole('heading', { level: 2 }).first();
    await page.getByText('2 cards left').waitFor();
    expect(await heading().textContent()).toBe(titles[0]);
    // The header counts today as the session does (todayCounts), at every step.
    const headerProgress = () => page.locator('.today-stats__progress').first().textContent();
    await expect.poll(headerProgress).toContain('Today: 0 of 2 cards done, 2 left');
    await card.getByRole('button', { name: 'Show hint' }).click();
    await card.getByText(hint, { exact: true }).waitFor();
    // The hint button has the focus: Space turns the card all the same, and keeps the hint open.
    await page.keyboard.press('Space');
    await card.getByText('Me tomé el bondi.').waitFor();
    expect(await card.getByRole('button', { name: 'Hide hint' }).count()).toBe(1);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'session-1-hint-answer');
    // Good on a new card: its next learning step, minutes away.
    await page.keyboard.press('3');
    await expect.poll(() => heading().textContent()).toBe(titles[1]);
    await page.getByText('1 card left').waitFor();
    await page.getByText('1 learning', { exact: true }).waitFor();
    await expect.poll(headerProgress).toContain('Today: 1 of 2 cards done, 1 left, 1 learning');
    await page.keyboard.press('Space');
    await card.getByText('Tengo mucho laburo.').waitFor();
    await page.keyboard.press('1');
    // Both wait for their steps, later today: a countdown, not "come back tomorrow".
    const timer = page.getByRole('timer');
    await timer.waitFor();
    await page.getByText(/^Next card in \d+ min$/).waitFor();
    expect(await page.getByText(/come back tomorrow/).count()).toBe(0);
    await expect.poll(headerProgress).toContain('Today: 2 of 2 cards done, 0 left, 2 learning');
    // The ratings reach the server in the background (the next card does not wait for them).
    await expect.poll(async () => [(await cardOf(titles[0]))[0].state, (await cardOf(titles[1]))[0].state]).toEqual([1, 1]);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'session-2-countdown');
  });

  it('brings a card back when its step is due, counting down to it', async () => {
    // The step of the card rated Again ends in a few seconds (moved, not waited for).
    await adminSql()`update public.flashcards f set due = now() + interval '4 seconds' from public.entries e where e.id = f.entry_id and e.title = ${titles[1]}`;
    await page.reload();
    const timer = page.getByRole('timer');
    await timer.waitFor();
    expect(await timer.textContent()).toMatch(/^0:0[0-5]$/);
    const heading = page.getByRole('article', { name: 'Flashcard' }).getByRole('heading', { level: 2 }).first();
    await heading.waitFor({ timeout: 15_000 });
    expect(await heading.textContent()).toBe(titles[1]);
    // Both cards are in a learning step: learning, not left; the header counts as the session
    // does (todayCounts): two New cards introduced, none left, two learning.
    await page.getByText('0 cards left').waitFor();
    await page.getByText('2 learning', { exact: true }).waitFor();
    await expect.poll(() => page.locator('.today-stats__progress').first().textContent()).toContain('Today: 2 of 2 cards done, 0 left, 2 learning');
  });

  it('saves the daily limits on /account', async () => {
    await page.goto(url('/account'));
    const limits = page.getByRole('region', { name: 'Daily review limits' });
    const newCards = limits.getByRole('textbox', { name: 'New cards per day' });
    await newCards.fill('1000');
    await limits.getByRole('button', { name: 'Save daily limits' }).click();
    await limits.getByText('New cards per day must be a whole number from 0 to 999.').waitFor();
    await newCards.fill('12');
    await limits.getByRole('textbox', { name: 'Reviews per day' }).fill('150');
    await limits.getByRole('button', { name: 'Save daily limits' }).click();
    await toast('Updated successfully').waitFor();
    const [profile] = await adminSql()`select new_cards_per_day, max_reviews_per_day from public.profiles where id = ${userId}`;
    expect(profile).toEqual({ new_cards_per_day: 12, max_reviews_per_day: 150 });
    await page.reload();
    expect(await page.getByRole('region', { name: 'Daily review limits' }).getByRole('textbox', { name: 'New cards per day' }).inputValue()).toBe('12');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('suspends and resumes a card in the card browser; a suspended card is not in the session', async () => {
    await page.goto(url('/flashcards/cards'));
    await page.getByRole('searchbox', { name: 'Search word or meaning' }).fill(run);
    const item = page.getByRole('listitem', { name: titles[1] });
    await item.waitFor();
    await item.getByRole('button', { name: `Suspend ${titles[1]}` }).click();
    await toast(`“${titles[1]}” is suspended`).waitFor();
    await item.getByText('Suspended', { exact: true }).waitFor();
    expect((await cardOf(titles[1]))[0].suspended).toBe(true);
    const due = await api<{ data: { _id: string }[] }>(`/flashcard/getDueFlashcards/${userId}?limit=100`, { token });
    expect(due.body.data.map((card) => card._id)).not.toContain((await cardOf(titles[1]))[0].id);
    // Filtered to the suspended ones, then resumed.
    await page.getByRole('combobox', { name: 'State' }).selectOption('suspended');
    // The unfiltered list stays until the filtered one is in.
    await expect.poll(() => page.getByRole('listitem', { name: titles[0] }).count()).toBe(0);
    await page.getByRole('listitem', { name: titles[1] }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'session-3-browser-suspended');
    await page.getByRole('listitem', { name: titles[1] }).getByRole('button', { name: `Resume ${titles[1]}` }).click();
    await toast(`“${titles[1]}” is back in your reviews.`).waitFor();
    expect((await cardOf(titles[1]))[0].suspended).toBe(false);
  });

  it('switches to the dark theme beside the language switch, remembered, and axe clean there', async () => {
    await page.goto(url('/flashcards'));
    const themeSwitch = page.getByRole('button', { name: 'Dark theme' });
    expect(await themeSwitch.getAttribute('aria-pressed')).toBe('false');
    await themeSwitch.click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.reload();
    await page.getByRole('article', { name: 'Flashcard' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.getByRole('button', { name: 'Dark theme' }).getAttribute('aria-pressed')).toBe('true');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(16, 19, 25)');
    await page.getByRole('article', { name: 'Flashcard' }).click();
    await page.getByRole('group', { name: 'How well did you remember it?' }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'session-4-dark-answer');
    for (const path of ['/flashcards/cards', '/account']) {
      await page.goto(url(path));
      await page.locator('main h1').waitFor();
      await page.waitForLoadState('networkidle');
      expect(await seriousAxeViolations(page)).toEqual([]);
    }
    // Back to light for the rest.
    await page.getByRole('button', { name: 'Dark theme' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
  });

  it('looks right on a phone and a desktop, in English and Spanish, light and dark', async () => {
    const state = await context.storageState();
    const looks = ([
      ['desktop', { width: 1280, height: 900 }],
      ['phone', { width: 390, height: 844 }],
    ] as const).flatMap(([viewport, size]) =>
      (['en-US', 'es'] as const).flatMap((language) => (['light', 'dark'] as const).map((theme) => ({ viewport, size, language, theme }))),
    );
    // Two contexts at a time (a core each): a page waits for the network to settle most of its time.
    await concurrently(looks, 2, async ({ viewport, size, language, theme }) => {
      const other = await browser.newContext({ viewport: size, isMobile: viewport === 'phone', hasTouch: viewport === 'phone', locale: language, colorScheme: theme, storageState: state });
      try {
        await other.addInitScript(([lng]) => {
          window.localStorage.setItem('i18nextLng', lng);
          window.localStorage.removeItem('jerga-theme');
        }, [language]);
        const otherPage = await other.newPage();
        const otherErrors = consoleErrors(otherPage);
        for (const [path, name] of [
          ['/flashcards', 'review'],
          ['/flashcards/cards', 'cards'],
        ] as const) {
          await otherPage.goto(url(path));
          await otherPage.locator('main h1').waitFor();
          await otherPage.waitForLoadState('networkidle');
          expect(await otherPage.evaluate(() => document.documentElement.scrollWidth), `${viewport}/${language}/${theme} ${path}`).toBeLessThanOrEqual(size.width);
          expect(await seriousAxeViolations(otherPage), `${viewport}/${language}/${theme} ${path}`).toEqual([]);
          await screenshot(otherPage, `session-${name}-${viewport}-${language}-${theme}`);
        }
        expect(otherErrors, `${viewport}/${language}/${theme}`).toEqual([]);
      } finally {
        await other.close();
      }
    });
  });

  it('offers the e-mail reminder once a session is finished; Yes turns it on, as /account then shows', async () => {
    // Both cards due now (their steps moved, not waited for): rated Easy, the session ends.
    // Cards in a learning step count as learning, not left (todayCounts).
    await adminSql()`update public.flashcards f set due = now() - interval '1 minute' from public.entries e where e.id = f.entry_id and e.title in ${adminSql()(titles)}`;
    await page.goto(url('/flashcards'));
    const card = page.getByRole('article', { name: 'Flashcard' });
    for (let learning = 2; learning > 0; learning--) {
      await page.getByText(`${learning} learning`, { exact: true }).waitFor();
      await card.click();
      await page.getByRole('group', { name: 'How well did you remember it?' }).waitFor();
      await page.keyboard.press('4');
    }
    const offer = page.getByRole('region', { name: /^Remind me tomorrow at 7:00\sPM\?$/ });
    await offer.waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'session-5-reminder-offer');
    await offer.getByRole('button', { name: 'Yes' }).click();
    await toast('E-mail reminders on').waitFor();
    expect(await offer.count()).toBe(0);
    const [profile] = await adminSql()`select remind_by_email, to_char(remind_at, 'HH24:MI') as time, reminder_offered_at is not null as offered from public.profiles where id = ${userId}`;
    expect(profile).toEqual({ remind_by_email: true, time: '19:00', offered: true });
    await page.goto(url('/account'));
    const reminders = page.getByRole('region', { name: 'Reminders' });
    expect(await reminders.getByRole('switch', { name: 'E-mail me a daily reminder' }).isChecked()).toBe(true);
    expect(await reminders.getByLabel('Time').inputValue()).toBe('19:00');
    // On a phone the card fits the width.
    await page.setViewportSize({ width: 390, height: 844 });
    await reminders.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await screenshot(page, 'session-6-account-reminders-phone');
    await page.setViewportSize({ width: 1100, height: 900 });
  });

  it('wrote nothing to the console', () => {
    expect(errors).toEqual([]);
  });
});
