import { randomUUID } from 'node:crypto';
import { createClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { Recording, RecordingRequestReply } from '../../supabase/functions/_shared/contract/recordings.ts';
import { seriousAxeViolations } from '../support/axe.ts';
import { transport } from '../support/realtime.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, createUser, registerThroughApi, stack, type TestUser } from '../support/stack.ts';

// Asking for a voice (issue 34) in real Chromium against the production build and Realtime:
// Ana and Beto have the same entry from Mexico open; Ana asks to hear it and Beto's count
// moves live, Beto asks and withdraws and Ana's follows; then Sara, who speaks Spanish from
// Mexico, records it (her upload names Argentina: her speaker country wins), and both pages
// show it under "How it sounds in Mexico" with the asking gone. One browser, a context per
// learner; the phone layout is Ana's page reloaded at a phone's width. Screenshots go to
// test-results/e2e/voice-request-*.png.

const run = Date.now().toString(36);
const ana = { name: `Ana ${run}`, email: `ana-voice-${run}@e2e.jerga.local`, password: `quiero-oir-${run}` };
const beto = { name: `Beto ${run}`, email: `beto-voice-${run}@e2e.jerga.local`, password: `yo-tambien-${run}` };
const title = `chamba ${run}`;
const PHONE = { width: 390, height: 844 };

let browser: Browser;
let entryId: string;
let sara: TestUser;
const errors: string[][] = [];
let anaPage: Page;
let betoPage: Page;

const url = (path: string) => new URL(path, stack().webUrl).href;
const listen = (page: Page) => page.getByRole('region', { name: 'Listen' });
const toast = (page: Page, text: string) => page.locator('.toast', { hasText: text });

async function newPage(): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
  const page = await context.newPage();
  errors.push(consoleErrors(page));
  return page;
}

async function requestsOf(token?: string): Promise<RecordingRequestReply> {
  const reply = await api<RecordingRequestReply>(`/recording/request/${entryId}`, { token });
  expect(reply.status).toBe(200);
  return reply.body;
}

/** Sara's take: uploaded with supabase-js into her folder, registered through /api naming Argentina. */
async function saraRecords(): Promise<Recording> {
  const storage = createClient(stack().apiUrl, stack().anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    accessToken: async () => sara.token,
    realtime: { transport },
  }).storage.from('recordings');
  const path = `${sara.id}/${entryId}/${randomUUID()}.webm`;
  const { error } = await storage.upload(path, Buffer.alloc(2048, 7), { contentType: 'audio/webm' });
  expect(error).toBeNull();
  const reply = await api<{ data: Recording }>('/recording/addRecording', { token: sara.token, body: { contentId: entryId, path, country: 'AR', durationMs: 1200 } });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

beforeAll(async () => {
  browser = await launchBrowser();
  const [anaToken] = await Promise.all([registerThroughApi(ana), registerThroughApi(beto)]);
  sara = await createUser({ name: `Sara ${run}` });
  expect((await api('/user/update', { token: sara.token, body: { speakerCountry: 'MX' } })).status).toBe(200);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: anaToken,
    body: { title, description: 'Work, a job.', country: 'MX', author: ana.name, exampleSentence: 'Tengo mucha chamba.' },
  });
  entryId = added.body.data._id;
  [anaPage, betoPage] = await Promise.all([newPage(), newPage()]);
  await Promise.all([logInThroughForm(anaPage, url('/login'), ana), logInThroughForm(betoPage, url('/login'), beto)]);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('asking for a voice, live between two learners, until a speaker from the country records it', () => {
  it('both open the entry: nobody from Mexico has said it, nobody has asked', async () => {
    for (const page of [anaPage, betoPage]) {
      await page.goto(url(`/content/${entryId}`));
      await page.getByRole('heading', { level: 1, name: title }).waitFor();
      await listen(page).getByText('No recording from Mexico yet. Be the first to ask.').waitFor();
    }
    // Both have joined the entry's channel (Presence counts them): changes reach them live.
    for (const page of [anaPage, betoPage]) await page.getByText('2 learners here').waitFor();
  });

  it('Ana asks from the keyboard; Beto sees the count change without a reload', async () => {
    const ask = listen(anaPage).getByRole('button', { name: 'Ask to hear it' });
    await ask.focus();
    await anaPage.keyboard.press('Enter');
    await toast(anaPage, "Asked. You'll be told when someone from Mexico records it.").waitFor();
    expect(await listen(anaPage).getByRole('button', { name: 'Asked — withdraw' }).getAttribute('aria-pressed')).toBe('true');
    await listen(betoPage).getByText('1 learner wants to hear this').waitFor();
    expect(await listen(betoPage).getByRole('button', { name: 'Ask to hear it' }).getAttribute('aria-pressed')).toBe('false');
    expect(await requestsOf()).toEqual({ success: true, contentId: entryId, count: 1, requested: false, native: false });
  });

  it('Beto asks, then withdraws: Ana’s count follows each time', async () => {
    await listen(betoPage).getByRole('button', { name: 'Ask to hear it' }).click();
    await listen(anaPage).getByText('2 learners want to hear this').waitFor();
    await listen(betoPage).getByRole('button', { name: 'Asked — withdraw' }).click();
    await toast(betoPage, 'Your request was withdrawn.').waitFor();
    await listen(anaPage).getByText('1 learner wants to hear this').waitFor();
    await listen(betoPage).getByText('1 learner wants to hear this').waitFor();
    expect((await requestsOf()).count).toBe(1);
    expect(await seriousAxeViolations(anaPage), 'entry page, asked').toEqual([]);
  });

  it('reloaded at a phone’s width, Ana’s page still says she asked, and it fits', async () => {
    await anaPage.setViewportSize(PHONE);
    await anaPage.reload();
    await listen(anaPage).getByText('1 learner wants to hear this').waitFor();
    // Back on the entry's channel (Presence counts her again) before anything else changes.
    await anaPage.getByText('2 learners here').waitFor();
    await listen(anaPage).getByRole('button', { name: 'Asked — withdraw' }).scrollIntoViewIfNeeded();
    expect(await anaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(anaPage, 'voice-request-1-phone-asked');
  });

  it('Sara, a speaker from Mexico, records it: both pages show it under “How it sounds in Mexico”, the asking gone', async () => {
    const recording = await saraRecords();
    // Her speaker country, not the one her upload named.
    expect([recording.country, recording.speakerCountry]).toEqual(['MX', 'MX']);
    for (const page of [anaPage, betoPage]) {
      const group = listen(page).getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: 'How it sounds in Mexico' }) });
      await group.getByRole('button', { name: `Play the recording by ${sara.name}` }).waitFor();
      await listen(page).getByRole('button', { name: /^Ask|^Asked/ }).waitFor({ state: 'detached' });
      expect(await listen(page).getByText(/want(s)? to hear this/).count()).toBe(0);
    }
    // The learner who asked has been answered: their request is fulfilled.
    expect(await requestsOf()).toMatchObject({ count: 0, native: true });
    // Read afresh (no toasts over it) for the phone's picture.
    await anaPage.reload();
    await listen(anaPage).getByRole('heading', { level: 3, name: 'How it sounds in Mexico' }).waitFor();
    await listen(anaPage).scrollIntoViewIfNeeded();
    expect(await anaPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(anaPage, 'voice-request-2-phone-recorded');
    expect(await seriousAxeViolations(anaPage), 'entry page, phone, a native recording').toEqual([]);
  });

  it('wrote nothing to the console', () => {
    for (const list of errors) expect(list).toEqual([]);
  });
});
