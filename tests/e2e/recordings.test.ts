import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// Native-speaker recordings in real Chromium with its fake microphone (a steady beep), against
// the production build, the local Storage service and Realtime: Ana (home country Argentina)
// records an entry from Mexico, listens, uploads and sees it; Beto, on the same entry in a
// second window, sees it arrive live, plays it and votes; on his flashcards the card of that
// entry plays it with R, and a card of an entry nobody recorded says so with a link to record
// one; then Ana deletes it and it leaves Beto's page. A phone pass in Spanish records too.
// axe on every screen. Screenshots go to test-results/e2e/recordings-*.png.

const run = Date.now().toString(36);
const ana = { name: `Ana ${run}`, email: `ana-rec-${run}@e2e.jerga.local`, password: `vos-che-${run}` };
const beto = { name: `Beto ${run}`, email: `beto-rec-${run}@e2e.jerga.local`, password: `orale-${run}` };
const title = `chamba ${run}`;
const silentTitle = `neta ${run}`;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let entryId: string;
let silentId: string;
const sessions: { context: BrowserContext; errors: string[] }[] = [];

const url = (path: string) => new URL(path, stack().webUrl).href;
const listen = (page: Page, name = 'Listen') => page.getByRole('region', { name });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

async function newPage(options: { viewport?: typeof PHONE; language?: 'es'; storageState?: Awaited<ReturnType<BrowserContext['storageState']>> } = {}) {
  const viewport = options.viewport ?? { width: 1200, height: 900 };
  const phone = viewport === PHONE;
  const context = await browser.newContext({ viewport, locale: 'en-US', isMobile: phone, hasTouch: phone, storageState: options.storageState });
  if (options.language) await context.addInitScript((language) => localStorage.setItem('i18nextLng', language), options.language);
  const page = await context.newPage();
  sessions.push({ context, errors: consoleErrors(page) });
  return page;
}

async function expectNoAxeFindings(page: Page, where: string) {
  expect(await seriousAxeViolations(page), where).toEqual([]);
}

/** Whether the audio element has really played: time went by, or it played to the end. */
const hasPlayed = (audio: Locator) => audio.evaluate((element: HTMLAudioElement) => element.currentTime > 0 || element.ended);

/** Records about a second and a half with the fake microphone: Start, the countdown moves, Stop. */
async function recordATake(page: Page, names: { start: string; stop: string; left: RegExp }) {
  await page.getByRole('button', { name: names.start }).click();
  const timer = page.getByRole('timer');
  await timer.waitFor();
  // The countdown runs from 10 seconds: at 8 left, more than a second is recorded.
  await timer.filter({ hasText: names.left }).waitFor();
  await page.getByRole('button', { name: names.stop }).click();
}

beforeAll(async () => {
  browser = await launchBrowser({ fakeMicrophone: true });
  const [anaToken, betoToken] = await Promise.all([registerThroughApi(ana), registerThroughApi(beto)]);
  const home = await api('/user/update', { token: anaToken, body: { homeCountry: 'AR' } });
  expect(home.status).toBe(200);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: anaToken,
    body: { title, description: 'Work, a job.', country: 'MX', author: ana.name, exampleSentence: 'Tengo mucha chamba.' },
  });
  entryId = added.body.data._id;
  const silent = await api<{ data: { _id: string } }>('/content/addContent', {
    token: anaToken,
    body: { title: silentTitle, description: 'Really? / Truth.', country: 'MX', author: ana.name },
  });
  silentId = silent.body.data._id;
  // Beto drills both: the recorded entry's card first (oldest due first).
  for (const contentId of [entryId, silentId]) {
    const card = await api('/flashcard/addFlashcard', { token: betoToken, body: { contentId } });
    expect(card.status).toBe(201);
  }
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('recordings of an entry, from the microphone to a second browser', () => {
  let anaPage: Page;
  let betoPage: Page;

  it('both open the entry: nothing to listen to yet', async () => {
    [anaPage, betoPage] = await Promise.all([newPage(), newPage()]);
    await Promise.all([logInThroughForm(anaPage, url('/login'), ana), logInThroughForm(betoPage, url('/login'), beto)]);
    for (const page of [anaPage, betoPage]) {
      await page.goto(url(`/content/${entryId}`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await listen(page).getByText('No recordings yet — be the first.').waitFor();
    }
    // Both pages have joined the entry's channel (Presence counts them): what changes reaches them live.
    for (const page of [anaPage, betoPage]) await page.getByText('2 learners here').waitFor();
    await expectNoAxeFindings(anaPage, 'entry page, no recordings');
  });

  it('Ana records a take: a countdown and a level meter while recording, then she listens to it', async () => {
    const section = listen(anaPage);
    await section.getByRole('button', { name: 'Record' }).click();
    const recorder = section.getByRole('group', { name: `Record “${title}”` });
    await recorder.waitFor();
    // The keyboard reaches it: the focus is on Start.
    await expect.poll(() => anaPage.evaluate(() => document.activeElement?.textContent)).toBe('Start recording');
    await recorder.getByRole('button', { name: 'Start recording' }).click();
    await recorder.getByRole('timer').waitFor();
    await recorder.getByText('Microphone level').waitFor();
    // The meter moves with the fake microphone's beep.
    await expect.poll(() => recorder.locator('.recorder__meter-bar').evaluate((bar: HTMLElement) => bar.style.transform)).toMatch(/scaleX\(0\.[0-9]*[1-9]|scaleX\(1/);
    await recorder.getByRole('timer').filter({ hasText: /^[1-8] seconds? left$/ }).waitFor();
    await screenshot(anaPage, 'recordings-1-recording');
    await expectNoAxeFindings(anaPage, 'recorder, recording');
    await recorder.getByRole('button', { name: 'Stop' }).click();

    const take = recorder.locator('audio.recorder__audio');
    await take.waitFor();
    expect(await take.getAttribute('src')).toMatch(/^blob:/);
    // Said in: her home country by default, not the entry's.
    expect(await recorder.getByLabel('Said in').inputValue()).toBe('AR');
    await take.evaluate((audio: HTMLAudioElement) => audio.play());
    await expect.poll(() => hasPlayed(take)).toBe(true);
    await screenshot(anaPage, 'recordings-2-take');
    await expectNoAxeFindings(anaPage, 'recorder, a take');
  });

  it('she redoes it, says it is Mexico’s way, uploads it: a success toast, and it is listed', async () => {
    const recorder = listen(anaPage).getByRole('group', { name: `Record “${title}”` });
    await recorder.getByRole('button', { name: 'Record again' }).click();
    await recorder.getByRole('timer').filter({ hasText: /^[1-8] seconds? left$/ }).waitFor();
    await recorder.getByRole('button', { name: 'Stop' }).click();
    await recorder.getByLabel('Said in').selectOption({ label: 'Mexico' });
    const uploaded = anaPage.waitForResponse((response) => response.url().includes('/storage/v1/object/recordings/') && response.request().method() === 'POST');
    const registered = anaPage.waitForResponse((response) => response.url().endsWith('/api/recording/addRecording'));
    await recorder.getByRole('button', { name: 'Upload recording' }).click();
    expect((await uploaded).status()).toBe(200);
    expect((await registered).status()).toBe(201);
    await toast(anaPage, 'Thank you! Your recording is up.').waitFor();
    await recorder.waitFor({ state: 'detached' });
    // The focus is back on Record.
    await expect.poll(() => anaPage.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Record');
    const section = listen(anaPage);
    await section.getByRole('heading', { level: 3, name: 'How it sounds in Mexico' }).waitFor();
    await section.getByRole('button', { name: `Play the recording by ${ana.name}` }).waitFor();
    await section.getByRole('button', { name: 'Delete your recording' }).waitFor();
    await screenshot(anaPage, 'recordings-3-listed');
    await expectNoAxeFindings(anaPage, 'entry page, a recording');
  });

  it('it appears on Beto’s page without a reload; he plays it (the audio really plays) and votes it up', async () => {
    const section = listen(betoPage);
    const play = section.getByRole('button', { name: `Play the recording by ${ana.name}` });
    await play.waitFor();
    await section.getByRole('heading', { level: 3, name: 'How it sounds in Mexico' }).waitFor();
    // Not his: he may report it, not delete it.
    await section.getByRole('button', { name: `Report the recording by ${ana.name}` }).waitFor();
    expect(await section.getByRole('button', { name: /^Delete/ }).count()).toBe(0);

    await play.click();
    const audio = section.locator('audio.recording__audio');
    expect(await audio.getAttribute('src')).toMatch(new RegExp(`/storage/v1/object/public/recordings/[0-9a-f-]+/${entryId}/[0-9a-f-]+\\.wav$`));
    await expect.poll(() => hasPlayed(audio)).toBe(true);

    const votes = section.getByRole('group', { name: `Votes for “the recording by ${ana.name}”` });
    await votes.getByRole('button', { name: 'Vote up' }).click();
    await toast(betoPage, 'Vote recorded successfully!').waitFor();
    expect(await votes.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('true');
    await votes.getByText('1 vote', { exact: true }).waitFor();
    // And on Ana's page, live: the score, not her vote.
    const anaVotes = listen(anaPage).getByRole('group', { name: `Votes for “the recording by ${ana.name}”` });
    await anaVotes.getByText('1 vote', { exact: true }).waitFor();
    expect(await anaVotes.getByRole('button', { name: 'Vote up' }).getAttribute('aria-pressed')).toBe('false');
    await screenshot(betoPage, 'recordings-4-played-and-voted');
    await expectNoAxeFindings(betoPage, 'entry page, someone else’s recording');
  });

  it('on Beto’s flashcards, R plays the recorded card; the next card has none and says so, with a link to record one', async () => {
    const cards = await betoPage.context().newPage();
    sessions.push({ context: betoPage.context(), errors: consoleErrors(cards) });
    await cards.goto(url('/flashcards'));
    const card = cards.getByRole('article', { name: 'Flashcard' });
    await card.getByRole('heading', { level: 2, name: title }).waitFor();
    const speaker = card.getByRole('button', { name: 'Play the recording' });
    await speaker.waitFor();
    expect(await speaker.getAttribute('aria-keyshortcuts')).toBe('R');
    await card.focus();
    await cards.keyboard.press('r');
    const audio = card.locator('audio');
    await expect.poll(() => hasPlayed(audio)).toBe(true);
    await screenshot(cards, 'recordings-5-flashcard-plays');
    await expectNoAxeFindings(cards, 'flashcard with a recording');

    await cards.keyboard.press('Space');
    await cards.getByRole('group', { name: 'How well did you remember it?' }).getByRole('button', { name: /^Good/ }).click();
    await card.getByRole('heading', { level: 2, name: silentTitle }).waitFor();
    // Headless Chromium has no Spanish voice: nothing to play, and the card says so.
    await card.getByText('No recording yet.').waitFor();
    expect(await card.getByRole('button', { name: 'No recording yet.' }).isDisabled()).toBe(true);
    const link = card.getByRole('link', { name: 'Record one on the entry page' });
    expect(await link.getAttribute('href')).toBe(`/content/${silentId}#recordings`);
    await screenshot(cards, 'recordings-6-flashcard-none');
    await expectNoAxeFindings(cards, 'flashcard with no recording');
    await link.click();
    await cards.getByRole('heading', { level: 1, name: silentTitle }).waitFor();
    const section = listen(cards);
    await section.getByText('No recordings yet — be the first.').waitFor();
    // The Listen section is where the learner lands, its title focused.
    await expect.poll(() => cards.evaluate(() => document.activeElement?.id)).toBe('recordings-title');
    await cards.close();
  });

  it('Ana deletes it; it leaves Beto’s page live', async () => {
    await listen(anaPage).getByRole('button', { name: 'Delete your recording' }).click();
    const dialog = anaPage.getByRole('dialog', { name: 'Delete this recording?' });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await toast(anaPage, 'Recording deleted.').waitFor();
    for (const page of [anaPage, betoPage]) {
      await listen(page).getByText('No recordings yet — be the first.').waitFor();
      expect(await listen(page).getByRole('button', { name: `Play the recording by ${ana.name}` }).count()).toBe(0);
    }
    await screenshot(betoPage, 'recordings-7-deleted-live');
  });

  it('on a phone, in Spanish: the recorder and the list fit, and axe finds nothing', async () => {
    const phone = await newPage({ viewport: PHONE, language: 'es', storageState: await anaPage.context().storageState() });
    await phone.goto(url(`/content/${entryId}`));
    const section = listen(phone, 'Escuchar');
    await section.getByText('Todavía no hay grabaciones: sé la primera persona en grabarla.').waitFor();
    await section.getByRole('button', { name: 'Grabar' }).click();
    await recordATake(phone, { start: 'Empezar a grabar', stop: 'Parar', left: /^Quedan [1-8] segundos$|^Queda 1 segundo$/ });
    const recorder = section.getByRole('group', { name: `Grabar «${title}»` });
    expect(await recorder.getByLabel('Dicho en').inputValue()).toBe('AR');
    await recorder.getByRole('button', { name: 'Subir grabación' }).scrollIntoViewIfNeeded();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(phone, 'recordings-8-phone-es-take');
    await expectNoAxeFindings(phone, 'recorder, phone, Spanish');
    await recorder.getByRole('button', { name: 'Subir grabación' }).click();
    await toast(phone, '¡Gracias! Tu grabación ya está publicada.').waitFor();
    await section.getByRole('heading', { level: 3, name: 'También se oye en Argentina' }).waitFor();
    await section.getByRole('button', { name: `Reproducir la grabación de ${ana.name}` }).waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await section.scrollIntoViewIfNeeded();
    await screenshot(phone, 'recordings-9-phone-es-list');
    await expectNoAxeFindings(phone, 'entry page, phone, Spanish, a recording');
    // Beto's page got this one live too.
    await listen(betoPage).getByRole('heading', { level: 3, name: 'Also heard from Argentina' }).waitFor();
  });

  it('wrote nothing to the console', () => {
    for (const { errors } of sessions) expect(errors).toEqual([]);
  });
});
