import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAdminSql, stack } from '../support/stack.ts';
import { openGooglePage, startAuthInstance, uniqueEmail, type AuthInstance } from './support.ts';

afterAll(closeAdminSql);

// supabase/config.toml: site_url and additional_redirect_urls (5173 on localhost and 127.0.0.1).
const siteUrl = 'http://localhost:5173/';

/**
 * Signs in with Google through GET /authorize, the local Google page and the callback, and
 * returns the callback's Location: where the browser, and the tokens in its fragment, go.
 */
async function tokensGoTo(base: string, redirectTo: string): Promise<string> {
  const authorize = `${base}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`;
  const page = await openGooglePage(authorize);
  const submitted = await fetch(page.action, {
    method: 'POST',
    body: new URLSearchParams({ ...page.hidden, email: person, name: 'Redirect Tester', action: 'continue' }),
    redirect: 'manual',
  });
  const callback = await fetch(submitted.headers.get('location')!, { redirect: 'manual' });
  expect(callback.status).toBe(302);
  const location = callback.headers.get('location')!;
  expect(new URLSearchParams(location.split('#')[1] ?? '').get('access_token'), location).toBeTruthy();
  return location.split('#')[0];
}

const person = uniqueEmail('redirects');

const bypasses = [
  'http://localhost:1@example.com/',
  'http://localhost:5173@evil.com/',
  'http://localhost:1@evil/',
  'http://evil.com\\@localhost:5173/',
  'http://localhost:5173.evil.com/',
  'http://localhost.evil.com:5173/',
  '//evil.com/',
  'javascript:alert(1)//http://localhost:5173/',
  'http://evil.com/?next=http://localhost:5173/',
  'http://evil.com#http://localhost:5173/',
  'http://localhost%2F@evil.com/',
  'http://[::1]@evil.com/',
  'http://localhost:5173@127.0.0.1:5173/',
  'http://user:pass@localhost:5173/',
  'HTTP://EVIL.COM/http://localhost:5173/',
  'data:text/html,<script>alert(1)</script>',
  'https://localhost:5173/',
  // URL parsing would drop the tab or newline and find an allowed URL: refused instead.
  'http://127.0.0.1:5173/after\tlogin',
  'http://127.0.0.1:5173/after\nlogin',
  'http://127.0.0.1:5173/after\rlogin',
  ' http://127.0.0.1:5173/padded',
];

describe('where OAuth sends the tokens (redirect_to against the site URL and allow-list)', () => {
  it.each(bypasses)('%j is not allowed: the tokens go to the site URL', async (redirectTo) => {
    expect(await tokensGoTo(stack().apiUrl, redirectTo)).toBe(siteUrl);
  });

  it.each([
    ['http://localhost:5173/auth/callback?next=%2Fprofile', 'http://localhost:5173/auth/callback?next=%2Fprofile'],
    ['http://127.0.0.1:5173/after-login', 'http://127.0.0.1:5173/after-login'],
    // The local wildcards: any port on localhost and 127.0.0.1.
    ['http://localhost:3000/callback', 'http://localhost:3000/callback'],
    ['http://127.0.0.1:59999', 'http://127.0.0.1:59999/'],
    // Scheme and host are case-insensitive: the parsed, lower-case URL is where they go.
    ['HTTP://LOCALHOST:5173/Welcome', 'http://localhost:5173/Welcome'],
    ['http://LocalHost:5173', 'http://localhost:5173/'],
  ])('%j is allowed', async (redirectTo, expected) => {
    expect(await tokensGoTo(stack().apiUrl, redirectTo)).toBe(expected);
  });

  describe('without the local wildcards: strict origins, and globs on scheme://host/path', () => {
    let instance: AuthInstance;
    beforeAll(async () => {
      instance = await startAuthInstance({
        localRedirectWildcards: false,
        additionalRedirectUrls: ['http://127.0.0.1:5173', 'https://*.jerga.app/**'],
      });
    });
    afterAll(() => instance.close());

    it.each([
      'http://localhost:3000/callback',
      'http://localhost:5174/',
      'http://127.0.0.1:3000/',
      'https://localhost:5173/',
      'https://preview.jerga.app.evil.com/',
      'https://evil.com/https://preview.jerga.app/',
      'https://evil.com/?u=https://preview.jerga.app/',
      'https://preview.jerga.app@evil.com/',
      'https://evil.com@preview.jerga.app/',
      'https://preview.jerga.app:8443/',
      'http://preview.jerga.app/',
    ])('%j is not allowed', async (redirectTo) => {
      expect(await tokensGoTo(instance.url, redirectTo)).toBe(siteUrl);
    });

    it.each([
      ['http://localhost:5173/any/page', 'http://localhost:5173/any/page'],
      ['http://127.0.0.1:5173/cb?x=1', 'http://127.0.0.1:5173/cb?x=1'],
      ['https://preview.jerga.app/auth/callback', 'https://preview.jerga.app/auth/callback'],
      ['HTTPS://Preview.Jerga.App/', 'https://preview.jerga.app/'],
    ])('%j is allowed', async (redirectTo, expected) => {
      expect(await tokensGoTo(instance.url, redirectTo)).toBe(expected);
    });
  });
});
