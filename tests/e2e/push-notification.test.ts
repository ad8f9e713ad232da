import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { PushPayload } from '../../supabase/functions/_shared/contract/push.ts';
import { launchBrowser } from '../support/browser.ts';
import { stack } from '../support/stack.ts';

// The production build's service worker shows a push reminder (issue 32). Headless Chromium
// here cannot reach a real push service (FCM) to subscribe, so the push is handed to the
// service worker by Chromium itself (DevTools' ServiceWorker.deliverPushMessage): a real `push`
// event in the real worker, with notifications allowed as for a learner who said yes. What a
// click does is public/push-sw.js's unit test (src/features/push/push-sw.test.ts); the
// encryption and the push service's side, tests/integration/push-api.test.ts.

let browser: Browser;
let context: BrowserContext;
const url = (path: string) => new URL(path, stack().webUrl).href;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ locale: 'en-US' });
  await context.grantPermissions(['notifications'], { origin: new URL(stack().webUrl).origin });
});

afterAll(async () => {
  await browser?.close();
});

it('shows the reminder a push brings, with its text, tag and page', async () => {
  const page = await context.newPage();
  await page.goto(url('/'));
  await page.evaluate(async () => void (await navigator.serviceWorker.ready));
  const devtools = await context.newCDPSession(page);
  const registrationId = new Promise<string>((resolve) => {
    devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const ours = registrations.find((registration) => registration.scopeURL === url('/') && !registration.isDeleted);
      if (ours) resolve(ours.registrationId);
    });
  });
  // A push goes to the registration's active worker: wait until its version is activated (on a
  // busy machine the page may see `ready` while DevTools still reports a version installing).
  const activatedOf = new Set<string>();
  let versionSeen = () => {};
  devtools.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const version of versions) if (version.status === 'activated') activatedOf.add(version.registrationId);
    versionSeen();
  });
  await devtools.send('ServiceWorker.enable');
  const id = await registrationId;
  await new Promise<void>((resolve) => {
    versionSeen = () => {
      if (activatedOf.has(id)) resolve();
    };
    versionSeen();
  });
  const payload: PushPayload = { title: 'Time for Spanish', body: '12 cards are due. Keep your 5-day streak!', url: '/flashcards', tag: 'reminder-2026-12-08' };
  await devtools.send('ServiceWorker.deliverPushMessage', {
    origin: new URL(stack().webUrl).origin,
    registrationId: id,
    data: JSON.stringify(payload),
  });
  const shown = () =>
    page.evaluate(async () =>
      (await (await navigator.serviceWorker.ready).getNotifications()).map((notification) => ({
        title: notification.title,
        body: notification.body,
        tag: notification.tag,
        data: notification.data as unknown,
      })),
    );
  // The worker shows it in its own time: on a busy machine more than expect.poll's default second.
  await expect.poll(shown, { timeout: 15_000 }).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, data: { url: '/flashcards' } }]);
});
