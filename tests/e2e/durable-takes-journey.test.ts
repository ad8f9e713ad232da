import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page, Route } from 'playwright-core';
import { encodeWav } from '../../src/features/recordings/audio/take-audio.ts';
import { launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { api, closeAdminSql, registerThroughApi, stack } from '../support/stack.ts';

// A kept take outlives the page, in real Chromium against the production build and Storage:
// Nelly, whose Spanish is from Honduras, keeps a take while Storage cannot be reached; she
// reloads (still cut off) and the take is there again, tried again at the same path. Storage
// comes back but the registration's reply is lost on its way (the server did register it);
// she reloads once more (and opens a second tab, which leaves the take to the first) and the
// queue finishes the take: Storage says the file is already there, the /api that it is already
// a recording, and the entry has exactly one recording, at the path chosen when it was kept. Screenshots: test-results/e2e/durable-takes-*.png.

const run = Date.now().toString(36);
const COUNTRY = 'HN';
const nelly = { name: `Nelly ${run}`, email: `nelly-takes-${run}@e2e.jerga.local`, password: `catracha-${run}` };
const author = { name: `Beto ${run}`, email: `beto-takes-${run}@e2e.jerga.local`, password: `hondureño-${run}` };
const title = `cipote ${run}`;
const RECORDINGS = '**/storage/v1/object/recordings/**';
const ADD_RECORDING = '**/api/recording/addRecording';

let browser: Browser;
let entryId: string;

const url = (where: string) => new URL(where, stack().webUrl).href;

/** 0.5 s of silence, 0.6 s of a tone, 4 s of silence: a take with something said in it. */
function microphoneFile(): string {
  const rate = 48_000;
  const samples = new Float32Array(Math.round(5.1 * rate));
  for (let index = 0; index < 0.6 * rate; index++) samples[Math.round(0.5 * rate) + index] = 0.3 * Math.sin((2 * Math.PI * 440 * index) / rate);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'jerga-takes-')), 'take.wav');
  fs.writeFileSync(file, Buffer.from(encodeWav(samples, rate)));
  return file;
}

/** The object path of an upload request (after the bucket in its address). */
const objectPath = (address: string) => decodeURIComponent(new URL(address).pathname.split('/object/recordings/')[1]);

/** How many takes wait in the page's IndexedDB. */
const takesOnDevice = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const opened = indexedDB.open('jerga-takes', 1);
        opened.onupgradeneeded = () => opened.result.createObjectStore('kept-takes', { keyPath: 'key' });
        opened.onerror = () => reject(opened.error);
        opened.onsuccess = () => {
          const counted = opened.result.transaction('kept-takes').objectStore('kept-takes').count();
          counted.onsuccess = () => resolve(counted.result);
          counted.onerror = () => reject(counted.error);
        };
      }),
  );

beforeAll(async () => {
  browser = await launchBrowser({ fakeMicrophone: true, microphoneFile: `${microphoneFile()}%noloop` });
  const [nellyToken, authorToken] = await Promise.all([registerThroughApi(nelly), registerThroughApi(author)]);
  expect((await api('/user/update', { token: nellyToken, body: { speakerCountry: COUNTRY } })).status).toBe(200);
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: authorToken,
    body: { title, description: 'A child, in Honduras.', country: COUNTRY, author: author.name, exampleSentence: `Ese ${title} no para.` },
  });
  expect(added.status).toBe(201);
  entryId = added.body.data._id;
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a kept take survives reloads and is registered once', () => {
  let page: Page;
  const uploadPaths: string[] = [];
  const storageAnswers: number[] = [];
  const registrations: number[] = [];
  /** Notes every upload (its path and Storage's answer) and every registration's answer a tab sees. */
  const watch = (tab: Page) => {
    tab.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/storage/v1/object/recordings/')) uploadPaths.push(objectPath(request.url()));
    });
    tab.on('response', (response) => {
      if (response.request().method() !== 'POST') return;
      if (response.url().includes('/storage/v1/object/recordings/')) storageAnswers.push(response.status());
      if (response.url().endsWith('/api/recording/addRecording')) registrations.push(response.status());
    });
  };

  it('Nelly keeps a take while Storage cannot be reached; after a reload it is there and tried again at the same path', async () => {
    const context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    page = await context.newPage();
    watch(page);
    await logInThroughForm(page, url('/login'), nelly);
    const cutOff = (route: Route) => (route.request().method() === 'POST' ? route.abort('internetdisconnected') : route.continue());
    await page.route(RECORDINGS, cutOff);
    await page.goto(url(`/record?country=${COUNTRY}`));

    for (;;) {
      const entry = page.getByRole('article');
      await entry.waitFor();
      const shown = (await entry.getByRole('heading', { level: 2 }).textContent()) ?? '';
      if (shown === title) break;
      // Someone else's entry of Honduras (other tests): N skips it.
      await page.keyboard.press('n');
      await page.getByRole('article', { name: shown }).waitFor({ state: 'detached' });
    }
    await page.keyboard.press('r');
    await page.getByRole('timer').filter({ hasText: /^[1-8] seconds? left$/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.getByRole('article', { name: title }).waitFor({ state: 'detached' });

    const takes = page.getByRole('region', { name: 'Your takes' });
    const item = takes.getByRole('listitem').filter({ hasText: title });
    const notUploaded = "Not uploaded: The recording couldn't be uploaded. Please try again.";
    await item.getByRole('alert').filter({ hasText: notUploaded }).waitFor();
    expect(await takesOnDevice(page)).toBe(1);

    await page.reload();
    // Read back from the device and sent again, still cut off.
    await item.getByRole('alert').filter({ hasText: notUploaded }).waitFor();
    await screenshot(page, 'durable-takes-1-after-reload');
    expect(uploadPaths).toHaveLength(2);
    expect(uploadPaths[1]).toBe(uploadPaths[0]);
    expect(uploadPaths[0]).toMatch(new RegExp(`/${entryId}/[0-9a-f-]{36}\\.wav$`));
    expect(storageAnswers).toEqual([]);
  });

  it('Storage is back but the registration’s reply is lost; after another reload the take is finished once, by one of two tabs', async () => {
    await page.unroute(RECORDINGS);
    // The request reaches the /api and is registered; its reply never reaches the page.
    const lostReplies: number[] = [];
    await page.route(ADD_RECORDING, async (route) => {
      lostReplies.push((await route.fetch()).status());
      await route.abort('connectionreset');
    });
    const takes = page.getByRole('region', { name: 'Your takes' });
    await takes.getByRole('button', { name: `Retry “${title}”` }).click();
    await expect.poll(() => lostReplies).toEqual([201]);
    await takes.getByRole('listitem').filter({ hasText: title }).getByRole('alert').waitFor();
    expect(storageAnswers).toEqual([200]);
    expect(await takesOnDevice(page)).toBe(1);

    await page.unroute(ADD_RECORDING);
    // The next registration waits (the take's lock held by this tab) until a second tab is open.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let waiting = 0;
    await page.route(ADD_RECORDING, async (route) => {
      waiting += 1;
      await held;
      await route.continue();
    });
    await page.reload();
    await expect.poll(() => waiting).toBe(1);
    // A second tab of the same learner lists the take as sending, and leaves it to the first.
    const second = await page.context().newPage();
    watch(second);
    await second.goto(url(`/record?country=${COUNTRY}`));
    const secondItem = second.getByRole('region', { name: 'Your takes' }).getByRole('listitem').filter({ hasText: title });
    await secondItem.getByText('Uploading...', { exact: true }).waitFor();
    release();
    await takes.getByRole('listitem').filter({ hasText: title }).getByText('Saved', { exact: true }).waitFor();
    await secondItem.getByText('Saved', { exact: true }).waitFor();
    await screenshot(page, 'durable-takes-2-saved');
    // The file was there already (Storage's Duplicate, under HTTP 400), and so was the recording (409).
    expect(storageAnswers).toEqual([200, 400]);
    expect(registrations).toEqual([409]);
    expect(new Set(uploadPaths)).toEqual(new Set([uploadPaths[0]]));
    expect(await takesOnDevice(page)).toBe(0);

    const list = await api<{ path: string; country: string }[]>(`/recording/getRecordings/${entryId}`);
    expect(list.status).toBe(200);
    expect(list.body).toHaveLength(1);
    expect(list.body[0]).toMatchObject({ path: uploadPaths[0], country: COUNTRY });
  });
});
