import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, catcherSmtpSettings } from '../../stack/mail/sender.ts';
import { launchBrowser } from '../support/browser.ts';
import { waitForMail } from '../support/mailbox.ts';
import { testPorts } from '../support/ports.ts';
import { stack } from '../support/stack.ts';
import { authFetch, openGooglePage, supabaseClient } from './support.ts';

// The HTML the local stack serves itself, not the app's: the Google stand-in page (Auth, at
// the gateway) and the mail catcher's inbox. Each page says no other site may frame it
// (`frame-ancestors`), loads and runs nothing but its own stylesheet, and every reply of both
// servers is only what its Content-Type says (nosniff). In Chromium the pages still work:
// styled, the stand-in's form signs in through its redirects, a mail's HTML shows in its frame,
// and a foreign page that frames them gets nothing.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
});

/** What Chromium shows in a frame whose document refused to be framed there. */
const REFUSED_FRAME = 'chrome-error://chromewebdata/';

/** Where the stand-in sends the browser back: a localhost address, as the allow-list lets. */
const redirectTo = 'http://localhost:5173/auth/callback';

async function googlePageUrl(): Promise<string> {
  const { data } = await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
  const first = await fetch(data.url!, { redirect: 'manual' });
  expect(first.status).toBe(302);
  return first.headers.get('location')!;
}

/** A policy's directives by name. */
function directives(policy: string | null): Map<string, string[]> {
  return new Map((policy ?? '').split(';').map((part) => part.trim().split(/\s+/)).filter(([name]) => name).map(([name, ...values]) => [name, values]));
}

/** A mail with an HTML part in the catcher; its ID. */
async function caughtMail(): Promise<string> {
  const to = `pages-${randomUUID().slice(0, 8)}@mail.jerga.test`;
  const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
  await mailer.send({ to, subject: 'Confirma tu cuenta', text: 'Hola', html: '<p id="part">Hola <b>desde el correo</b></p>' });
  await mailer.close();
  return (await waitForMail(to)).ID;
}

/**
 * Opens a page on another site (another origin on this machine: Chromium would keep a public
 * site's frame off a loopback address anyway) that frames `url`; returns what the frame ended
 * up showing: `url` itself, or Chromium's error page when the reply refused to be framed there.
 */
async function framedByAnotherSite(url: string): Promise<string> {
  const site = createServer((_request, response) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.end(`<!doctype html><title>Another site</title><iframe src="${url.replaceAll('&', '&amp;')}"></iframe>`);
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    await page.goto(`http://127.0.0.1:${(site.address() as AddressInfo).port}/`);
    const shown = () => page.frames().find((frame) => frame !== page.mainFrame())?.url() ?? '';
    await expect.poll(shown).not.toMatch(/^(about:blank)?$/);
    return shown();
  } finally {
    await context.close();
    await new Promise((resolve) => site.close(resolve));
  }
}

/** CSP refusals the page wrote to its console. */
function cspRefusals(page: Page): string[] {
  const refused: string[] = [];
  page.on('console', (message) => /Content Security Policy|Refused to/i.test(message.text()) && refused.push(message.text()));
  return refused;
}

describe('the Google stand-in page', () => {
  it('carries its policy and nosniff, from the gateway and through the web origin, and when shown again with an error', async () => {
    const url = await googlePageUrl();
    const page = await fetch(url);
    expect(page.status).toBe(200);
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = directives(page.headers.get('content-security-policy'));
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('style-src')).toEqual([expect.stringMatching(/^'sha256-[A-Za-z0-9+/]+=*'$/)]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    // The form's own server (Auth's callback on it), and the app the sign-in returns to.
    expect(policy.get('form-action')).toEqual(["'self'", new URL(stack().apiUrl).origin, 'http://localhost:5173']);
    const html = await page.text();
    expect(html).not.toMatch(/<script|style="/);

    // The 400 page (an address that is not one) carries the same.
    const state = html.match(/name="state" value="([^"]+)"/)![1];
    const again = await fetch(url.split('?')[0], {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ state, redirect_uri: `${stack().apiUrl}/auth/v1/callback`, email: 'not an address', name: 'X', action: 'continue' }),
    });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain('Enter a valid email address.');
    expect(again.headers.get('x-content-type-options')).toBe('nosniff');
    expect(directives(again.headers.get('content-security-policy'))).toEqual(policy);

    // Through the web origin's /auth/v1 proxy: the page it leads to is the same.
    const viaWeb = await openGooglePage(`${stack().webUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`);
    expect(viaWeb.action).toBe(`${stack().apiUrl}/auth/v1/local-google/authorize`);
  });

  it('is nosniff on every gateway reply, JSON too (Auth, /api, a 404)', async () => {
    for (const reply of [await authFetch('/settings'), await fetch(`${stack().apiUrl}/api/auth/authStatus`), await fetch(`${stack().apiUrl}/nowhere`)]) {
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('works in Chromium under its policy: styled, and its form signs in through every redirect back to the app', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused = cspRefusals(page);
    try {
      await page.goto(await googlePageUrl());
      await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
      // Its stylesheet applied (Google's grey), nothing refused.
      expect(await page.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(241, 243, 244)');
      await page.getByLabel('Email').fill(`pages-${randomUUID().slice(0, 8)}@contract.jerga.test`);
      await page.getByLabel('Name').fill('Paginada');
      // The browser follows every redirect up to the app's address (form-action allows each).
      // Whatever serves that address (nothing, or an `npm start` beside the tests) is not ours
      // to judge, so the navigation it starts is the proof; page.route would see only the first
      // request of a redirect chain, never the app's.
      const arrived = page.waitForRequest((request) => request.isNavigationRequest() && request.url().startsWith(redirectTo));
      await page.getByRole('button', { name: 'Continue' }).click();
      const request = await arrived;
      const location = await (await request.redirectedFrom()?.response())?.headerValue('location');
      const back = new URL(location ?? '');
      expect(back.origin + back.pathname).toBe(redirectTo);
      expect(new URLSearchParams(back.hash.slice(1)).get('access_token')).toEqual(expect.any(String));
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cannot be framed by another site', async () => {
    expect(await framedByAnotherSite(await googlePageUrl())).toBe(REFUSED_FRAME);
  });
});

describe('the mail catcher’s pages', () => {
  it('carry a policy with frame-ancestors and nosniff on every page, and nosniff on the JSON API', async () => {
    const id = await caughtMail();
    for (const path of ['/', `/view/${id}`]) {
      const reply = await fetch(`${stack().mailUrl}${path}`);
      expect(reply.status).toBe(200);
      expect(reply.headers.get('x-content-type-options')).toBe('nosniff');
      const policy = directives(reply.headers.get('content-security-policy'));
      expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
      expect(policy.get('default-src')).toEqual(["'none'"]);
      expect(policy.get('form-action')).toEqual(["'none'"]);
      expect(policy.get('frame-src')).toEqual(["'self'"]);
      expect(policy.get('style-src')).toEqual([expect.stringMatching(/^'sha256-/)]);
    }
    // A mail's own HTML: sandboxed as before, and framed only by the catcher's own page.
    const part = await fetch(`${stack().mailUrl}/view/${id}/html`);
    expect(part.headers.get('x-content-type-options')).toBe('nosniff');
    const policy = directives(part.headers.get('content-security-policy'));
    expect(policy.get('sandbox')).toEqual([]);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'self'"]);
    for (const path of ['/api/v1/messages', '/api/v1/message/nope', '/nowhere']) {
      expect((await fetch(`${stack().mailUrl}${path}`)).headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('work in Chromium under their policy: the inbox styled, a mail’s HTML shown in its frame', async () => {
    const id = await caughtMail();
    const context = await browser.newContext();
    const page = await context.newPage();
    const refused = cspRefusals(page);
    try {
      await page.goto(`${stack().mailUrl}/`);
      await page.getByRole('heading', { name: 'Inbox' }).waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.querySelector('header')!).backgroundColor)).toBe('rgb(29, 53, 87)');
      await page.goto(`${stack().mailUrl}/view/${id}`);
      await page.frameLocator('iframe').getByText('desde el correo').waitFor();
      expect(refused).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('cannot be framed by another site: the inbox, a message, a mail’s HTML part', async () => {
    const id = await caughtMail();
    for (const path of ['/', `/view/${id}`, `/view/${id}/html`]) {
      expect(await framedByAnotherSite(`${stack().mailUrl}${path}`)).toBe(REFUSED_FRAME);
    }
  });
});
