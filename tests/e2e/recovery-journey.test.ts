import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { api, closeAdminSql, stack } from '../support/stack.ts';

// Getting back in, in real Chromium against the real stack, with the mail read through the
// catcher's Mailpit API: "Forgot your password?" → the mailed link → "Choose a new password"
// → signed in; then Account › Sign-in changes the e-mail through the link mailed to the new
// address; the pages in Spanish and at phone width. Screenshots: test-results/e2e/recovery-*.png.

let browser: Browser;
const run = Date.now().toString(36);
const PHONE = { width: 375, height: 740 };

async function register(label: string) {
  const person = { name: `Rocío ${label} ${run}`, email: `rocio-${label}-${run}@e2e.jerga.local`, password: `yerba-mate-${run}` };
  const reply = await api('/user/register', { body: { ...person, confirmPassword: person.password } });
  expect(reply.status).toBe(201);
  return person;
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto(`${stack().webUrl}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log In', exact: true }).click();
  await page.locator('.toast', { hasText: 'Logged in successfully!' }).waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a learner who forgot their password', () => {
  it('asks for a link, follows it from the mail, chooses a new password and is signed in; the old one no longer works', async () => {
    const person = await register('forgot');
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await page.goto(`${stack().webUrl}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    // Keyboard only: the field, then Enter.
    await page.getByLabel('Email').fill(person.email);
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Check your inbox' }).waitFor();
    await screenshot(page, 'recovery-sent');

    const mail = await waitForMail(person.email);
    expect(mail.Subject).toBe('Reset your Jerga password');
    await page.goto(linkIn(mail, '/auth/v1/verify'));
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/reset-password');
    await page.setViewportSize(PHONE);
    await screenshot(page, 'recovery-choose-phone');

    await page.getByLabel('New password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.getByText('Password must be at least 8 characters long.').waitFor();
    const fresh = `nueva-clave-${run}`;
    await page.getByLabel('New password', { exact: true }).fill(fresh);
    await page.getByLabel('Confirm Password', { exact: true }).fill(fresh);
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.locator('.toast', { hasText: 'Your password has been changed.' }).waitFor();
    await page.getByText(`Welcome, ${person.name}!`).waitFor();
    await context.close();

    const old = await api('/auth/login', { body: { email: person.email, password: person.password } });
    expect(old.status).toBe(401);
    const renewed = await api('/auth/login', { body: { email: person.email, password: fresh } });
    expect(renewed.status).toBe(200);

    // The same link a second time: expired, with a way to ask again.
    const again = await browser.newContext({ locale: 'en-US' });
    const second = await again.newPage();
    await second.goto(linkIn(mail, '/auth/v1/verify'));
    await second.getByRole('heading', { level: 1, name: 'This link has expired' }).waitFor();
    await second.getByRole('link', { name: 'Send me a new link' }).waitFor();
    await again.close();
  });

  it('says a link refused for too many checks from the network still works later, instead of calling it expired', async () => {
    // Where Auth sends a browser whose address used up token_verifications (auth-mailed-codes.test.ts).
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    const refusal = new URLSearchParams({ error: 'temporarily_unavailable', error_code: 'over_request_rate_limit', error_description: 'Request rate limit reached' });
    await page.goto(`${stack().webUrl}/reset-password?${refusal}#${refusal}`);
    await page.getByRole('heading', { level: 1, name: 'Too many tries from your network' }).waitFor();
    await page.getByText('Your link still works: wait a few minutes, then open it from the mail again.').waitFor();
    expect(await page.getByRole('heading', { name: 'This link has expired' }).count()).toBe(0);
    await context.close();
  });

  it('reads the pages in Spanish', async () => {
    const context = await browser.newContext({ locale: 'es-ES', viewport: PHONE });
    const page = await context.newPage();
    await page.goto(`${stack().webUrl}/login`);
    await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
    await page.getByRole('heading', { level: 1, name: '¿Olvidaste tu contraseña?' }).waitFor();
    await page.getByRole('button', { name: 'Enviar el enlace' }).click();
    await page.getByText('Por favor, indica tu correo electrónico.').waitFor();
    await screenshot(page, 'recovery-forgot-es-phone');
    await context.close();
  });
});

describe('changing the e-mail from the account page', () => {
  it('stays pending until the links mailed to both addresses are followed: until then the old address signs in and the new one does not', async () => {
    const person = await register('move');
    const next = `rocio-moved-${run}@e2e.jerga.local`;
    const context = await browser.newContext({ locale: 'en-US' });
    const page = await context.newPage();
    await logIn(page, person.email, person.password);
    await page.goto(`${stack().webUrl}/account`);
    await page.getByRole('heading', { name: 'Sign-in' }).waitFor();
    await page.getByLabel('New e-mail address').fill(next);
    await page.getByRole('button', { name: 'Change e-mail' }).click();
    await page.locator('.toast', { hasText: `We sent a link to ${next} and one to ${person.email}. Follow both` }).waitFor();
    await page.getByRole('status').filter({ hasText: `your e-mail becomes ${next} once you follow the links` }).waitFor();
    await screenshot(page, 'recovery-email-pending');
    const signsIn = async (email: string) => (await api('/auth/login', { body: { email, password: person.password } })).status;

    const toOld = await waitForMail(person.email);
    expect(toOld.Subject).toBe('Confirm the change of your Jerga e-mail address');
    expect(toOld.Text).toContain(next);
    const toNew = await waitForMail(next);
    await page.goto(linkIn(toNew, '/auth/v1/verify'));
    await page.locator('.toast', { hasText: 'Confirmed. Now follow the link we sent to your other address.' }).waitFor();
    await page.getByText(`You sign in as ${person.email}.`).waitFor();
    expect(await signsIn(person.email)).toBe(200);
    expect(await signsIn(next)).toBe(401);

    await page.goto(linkIn(toOld, '/auth/v1/verify'));
    await page.locator('.toast', { hasText: 'Your e-mail address has been changed.' }).waitFor();
    await page.getByText(`You sign in as ${next}.`).waitFor();
    await context.close();

    expect(await signsIn(next)).toBe(200);
    expect(await signsIn(person.email)).toBe(401);
  });
});
