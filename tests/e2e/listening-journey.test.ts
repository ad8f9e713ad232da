import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { transport } from '../support/realtime.ts';
import { adminSql, api, closeAdminSql, createUser, registerThroughApi, stack, type TestUser } from '../support/stack.ts';

// A listening card reviewed on a bus (issue 34), in real Chromium against the production
// build: a speaker from Mexico uploads a take of a Mexican entry (supabase-js's storage
// upload, then /api/recording/addRecording); a learner adds a listening card of it from the
// entry page, opens /flashcards online (the service worker takes the page, and the card's
// recording is kept on the device), loses the network, reloads, plays the card's recording
// from the device's copy (a blob: address; the element really plays), reveals the word and
// rates it; once the network is back the server has that one review, once.
// Screenshots go to test-results/e2e/listening-*.png.

const run = Date.now().toString(36);
const learner = { name: `Lucía ${run}`, email: `lucia-listening-${run}@e2e.jerga.local`, password: `escucha-${run}` };
const title = `chido ${run}`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let speaker: TestUser;
let learnerId: string;
let entryId: string;
/** Uncaught errors of the page: none, online or off. */
const pageErrors: string[] = [];

const url = (path: string) => new URL(path, stack().webUrl).href;
const reviewsOnServer = async () => (await adminSql()`select review_id from public.reviews where user_id = ${learnerId}`).map((row) => row.review_id as string);

/** A second and a half of a 440 Hz tone as a 16-bit mono WAV: a file every browser plays. */
function toneWav(seconds = 1.5, rate = 8000): Buffer {
  const samples = Math.round(seconds * rate);
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0);
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8);
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20); // PCM
  wav.writeUInt16LE(1, 22); // mono
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36);
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i += 1) wav.writeInt16LE(Math.round(Math.sin((2 * Math.PI * 440 * i) / rate) * 12000), 44 + i * 2);
  return wav;
}

beforeAll(async () => {
  browser = await launchBrowser();
  speaker = await createUser({ name: `Sara ${run}` });
  const token = await registerThroughApi(learner);
  learnerId = (await adminSql()`select id from auth.users where email = ${learner.email}`)[0].id as string;
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: speaker.token,
    body: { title, description: 'Cool, great.', country: 'MX', author: speaker.name, exampleSentence: `¡Qué ${title}!` },
  });
  expect(added.status).toBe(201);
  entryId = added.body.data._id;
  // The speaker's take: uploaded into their folder, then registered as said from Mexico.
  const path = `${speaker.id}/${entryId}/${run}.wav`;
  const storage = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => speaker.token,
    realtime: { transport },
  }).storage;
  const { error } = await storage.from('recordings').upload(path, toneWav(), { contentType: 'audio/wav' });
  expect(error).toBeNull();
  const recorded = await api('/recording/addRecording', { token: speaker.token, body: { contentId: entryId, path, country: 'MX', durationMs: 1500 } });
  expect(recorded.status).toBe(201);
  expect(token).toBeTruthy();

  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  // Every 'playing' event of the page, by the address the element played from.
  await context.addInitScript(() => {
    const played: string[] = [];
    (window as unknown as { jergaPlayed: string[] }).jergaPlayed = played;
    document.addEventListener('playing', (event) => played.push((event.target as HTMLMediaElement).currentSrc), true);
  });
  page = await context.newPage();
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const card = () => page.getByRole('article', { name: 'Flashcard' });
const indicator = () => page.locator('.sync-indicator');
const keptRecordings = () =>
  page.evaluate(async () => (await (await caches.open('jerga-card-audio')).keys()).map((request) => new URL(request.url).pathname));

describe('a listening card, offline', () => {
  it('adds a listening card from the entry page, where a native recording is', async () => {
    await page.goto(url(`/content/${entryId}`));
    const kinds = page.getByRole('group', { name: 'Drill it another way' });
    await kinds.getByRole('button', { name: 'Listen → word and meaning' }).click();
    await page.locator('.toast', { hasText: 'Added a “Listen → word and meaning” card to your flashcards!' }).waitFor();
    expect((await adminSql()`select kind from public.flashcards where user_id = ${learnerId}`).map((row) => row.kind)).toEqual(['listening']);
  });

  it('opens /flashcards online: the service worker takes the page and the card’s recording is kept on the device', async () => {
    await page.goto(url('/flashcards'));
    await card().getByRole('heading', { level: 2, name: "Listen: what's the word, and what does it mean?" }).waitFor();
    await page.evaluate(async () => void (await navigator.serviceWorker.ready));
    await page.reload();
    await card().getByRole('heading', { level: 2 }).waitFor();
    expect(await page.evaluate(() => navigator.serviceWorker.controller?.scriptURL)).toBe(url('/sw.js'));
    await expect.poll(keptRecordings).toEqual([`/storage/v1/object/public/recordings/${speaker.id}/${entryId}/${run}.wav`]);
  });

  it('reloads offline and plays the recording from the device, then reveals and rates the card', async () => {
    await context.setOffline(true);
    await page.reload();
    const play = card().getByRole('button', { name: /^Play (the recording|again)$/ });
    await play.waitFor();
    const audio = card().locator('audio');
    // The device's copy, not the network's address.
    expect(await audio.getAttribute('src')).toMatch(/^blob:/);
    // The front holds neither the word nor its meaning.
    expect(await card().locator('.review-card__face--front').textContent()).not.toContain(title);
    // Whether or not the browser let it play by itself, Play again plays it from the start.
    await play.click();
    await expect.poll(() => audio.evaluate((element: HTMLAudioElement) => element.currentTime > 0 || element.ended)).toBe(true);
    // Its 'playing' events, each from the device's copy.
    const played = () => page.evaluate(() => (window as unknown as { jergaPlayed: string[] }).jergaPlayed);
    await expect.poll(async () => (await played()).length).toBeGreaterThan(0);
    expect((await played()).filter((src) => !src.startsWith('blob:'))).toEqual([]);
    await screenshot(page, 'listening-1-offline-front');

    await card().getByRole('button', { name: 'Show answer' }).click();
    await card().locator('.review-card__back-title', { hasText: title }).waitFor();
    await card().getByText('Cool, great.').waitFor();
    await page.getByRole('group', { name: 'How well did you remember it?' }).getByRole('button', { name: /^Good/ }).click();
    await page.getByText('Offline — 1 review will sync').waitFor();
    expect(await reviewsOnServer()).toEqual([]);
    await screenshot(page, 'listening-2-offline-rated');
  });

  it('sends the review once when the network returns', async () => {
    await context.setOffline(false);
    await expect.poll(() => indicator().textContent(), { timeout: 30_000 }).toBe('');
    expect(await reviewsOnServer()).toHaveLength(1);
    // A reload online sends nothing again.
    await page.reload();
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => indicator().textContent()).toBe('');
    expect(await reviewsOnServer()).toHaveLength(1);
    expect(pageErrors).toEqual([]);
  });
});
