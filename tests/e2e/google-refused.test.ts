import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';

// In real Chromium: the local Google stand-in page with the seeded admin's address comes back
// to the login page refused, with the reason in English and in Spanish, and signed out.

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const admin = 'admin@jerga.local';

async function identitiesOfAdmin() {
  return adminSql()`select i.provider from auth.identities i join auth.users u on u.id = i.user_id where u.email = ${admin} order by i.provider`;
}

describe('Google sign-in with an address that already has an account', () => {
  const cases = [
    { locale: 'en-US', button: 'Continue with Google', message: /already has an account.*Log in with your password/ },
    { locale: 'es-ES', button: 'Continuar con Google', message: /ya tiene una cuenta.*Inicia sesión con tu contraseña/ },
  ];
  for (const { locale, button, message } of cases) {
    it(`comes back to the login page refused and says why (${locale})`, async () => {
      const before = await identitiesOfAdmin();
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      try {
        await page.goto(`${stack().webUrl}/login`);
        await page.getByRole('button', { name: button }).click();
        await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
        await page.getByLabel('Email').fill(`  ${admin.toUpperCase()}`);
        await page.getByLabel('Name').fill('Not the admin');
        await page.getByRole('button', { name: 'Continue' }).click();
        await page.getByRole('alert').filter({ hasText: message }).waitFor();
        expect(new URL(page.url()).pathname).toBe('/login');
        await screenshot(page, `google-refused-${locale}`);
        // Signed out: no session stored, and the admin's identities are as they were.
        const stored = await page.evaluate(() => Object.keys(localStorage).filter((key) => key.endsWith('-auth-token')));
        expect(stored).toEqual([]);
        expect(await identitiesOfAdmin()).toEqual(before);
      } finally {
        await context.close();
      }
    });
  }
});
