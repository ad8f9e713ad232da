import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { waitForMail } from '../support/mailbox.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// Accounts in real Chromium against the real stack: register → greeting → add an entry →
// edit it from /account → delete it → log out → log in → Google sign-in through the local
// stand-in page, whose account sets a password only with a mailed code → the seeded admin opens /admin while a normal user is refused → /account
// pages past 100 entries → in Spanish,
// a session ended elsewhere is dropped with the server's code translated, and the server's
// password rule (too common) shows on its field.
// Screenshots go to test-results/e2e/accounts-*.png.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const run = Date.now().toString(36);
const person = { name: `Lucía ${run}`, email: `lucia-${run}@e2e.jerga.local`, password: `mate-amargo-${run}` };
const googler = { name: `Gonzalo ${run}`, email: `gonzalo-${run}@e2e.jerga.local` };
const seededAdmin = { email: 'admin@jerga.local', password: 'jerga-admin-2026', name: 'Jerga Admin' };
const entryTitle = `laburo ${run}`;

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 375, height: 740 };

/** Dismisses open toasts, so the next toast we wait for is a new one. */
async function clearToasts(p: Page) {
  // Toasts may be sliding out on their own already, so press every close button in the
  // page at once instead of clicking them one by one with the pointer.
  await p.evaluate(() => {
    document.querySelectorAll<HTMLButtonElement>('button[aria-label="Dismiss notification"]').forEach((button) => button.click());
  });
  await expect.poll(() => p.locator('.toast').count()).toBe(0);
}

async function toast(p: Page, message: string) {
  await p.locator('.toast', { hasText: message }).last().waitFor();
}

const mainNav = (p: Page) => p.getByRole('navigation', { name: 'Main' });

async function greeting(p: Page, name: string) {
  await p.getByText(`Welcome, ${name}!`).waitFor();
}

/** A screenshot at phone width too, for the screens this journey adds. */
async function phoneShot(p: Page, name: string) {
  await p.setViewportSize(PHONE);
  // The menu becomes the (closed) slide-in panel: let it finish sliding out first.
  if (await p.locator('.nav__panel').count()) await p.locator('.nav__panel').waitFor({ state: 'hidden' });
  await screenshot(p, name);
  await p.setViewportSize(DESKTOP);
}

async function logOut(p: Page) {
  await clearToasts(p);
  await p.getByRole('button', { name: 'Log Out' }).click();
  await toast(p, 'Logged out successfully!');
  await greeting(p, 'guest');
  await expect.poll(() => new URL(p.url()).pathname).toBe('/');
  await mainNav(p).getByRole('link', { name: 'Log In', exact: true }).waitFor();
}

async function logIn(p: Page, email: string, password: string, name: string) {
  await clearToasts(p);
  await mainNav(p).getByRole('link', { name: 'Log In', exact: true }).click();
  await p.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
  await p.getByLabel('Email').fill(email);
  await p.getByLabel('Password').fill(password);
  await p.getByRole('button', { name: 'Log In', exact: true }).click();
  await toast(p, 'Logged in successfully!');
  await greeting(p, name);
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: DESKTOP, locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('accounts', () => {
  it('registers a new user (with the validation messages first) and greets them by name', async () => {
    await page.goto(`${stack().webUrl}/register`);
    await page.getByRole('heading', { level: 1, name: 'Create your account' }).waitFor();
    await greeting(page, 'guest');
    await page.getByRole('button', { name: 'Register' }).click();
    for (const message of ['Please provide your name.', 'Please provide your email.', 'Password cannot be blank.', 'Confirm Password cannot be blank.']) {
      await page.getByText(message, { exact: true }).waitFor();
    }
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Confirm Password').fill('shorter');
    await page.getByRole('button', { name: 'Register' }).click();
    await expect.poll(() => page.getByText('Passwords do not match.', { exact: true }).count()).toBe(2);
    await screenshot(page, 'accounts-01-register-validation');
    await phoneShot(page, 'accounts-02-register-validation-phone');

    await page.getByLabel('Name').fill(person.name);
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password', { exact: true }).fill(person.password);
    await expect.poll(() => page.getByText('Passwords do not match.').count()).toBe(0);
    await page.getByLabel('Confirm Password').fill(person.password);
    await page.getByRole('button', { name: 'Register' }).click();
    await toast(page, 'Registration successful!');
    await greeting(page, person.name);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    const nav = mainNav(page);
    for (const label of ['Account', 'Flashcards', 'Chat']) await nav.getByRole('link', { name: label, exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Administer' }).count()).toBe(0);
    await screenshot(page, 'accounts-03-registered');

    const [profile] = await adminSql()`select p.name, p.is_admin from public.profiles p join auth.users u on u.id = p.id where u.email = ${person.email}`;
    expect(profile).toEqual({ name: person.name, is_admin: false });
  });

  it('adds an entry as that user', async () => {
    await page.getByRole('link', { name: 'Add', exact: true }).click();
    await page.getByRole('heading', { name: 'Add Content' }).waitFor();
    expect(await page.getByLabel('Author').inputValue()).toBe(person.name);
    await page.getByLabel('Title').fill(entryTitle);
    await page.getByLabel('Description').fill('Work, a job (Río de la Plata).');
    await page.getByLabel('Country').selectOption('UY');
    await page.getByLabel('Example sentence').fill('Mañana tengo laburo.');
    await clearToasts(page);
    await page.getByRole('button', { name: 'Add Content' }).click();
    await toast(page, 'Added successfully');
    await page.getByRole('heading', { level: 1, name: entryTitle }).waitFor();
    const [row] = await adminSql()`select e.author, e.owner = u.id as owned from public.entries e, auth.users u where e.title = ${entryTitle} and u.email = ${person.email}`;
    expect(row).toEqual({ author: person.name, owned: true });
  });

  it('finds it on /account with its edit icon and the streaks, edits it (Update only once changed)', async () => {
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await page.getByText('Current streak').waitFor();
    await clearToasts(page);
    expect(await page.locator('.streak__value').allInnerTexts()).toEqual(['0 days', '0 days', '0 of 2']);
    const edit = page.getByRole('link', { name: `Edit ${entryTitle}` });
    await edit.waitFor();
    await screenshot(page, 'accounts-04-account');
    await phoneShot(page, 'accounts-05-account-phone');

    // Edit icons appear only here: the home grid has none.
    await page.getByRole('link', { name: 'Home' }).click();
    await page.getByLabel('Search', { exact: true }).fill(entryTitle);
    await expect.poll(() => page.locator('.entry-card h2').allInnerTexts()).toEqual([entryTitle]);
    expect(await page.getByRole('link', { name: `Edit ${entryTitle}` }).count()).toBe(0);
    await page.getByRole('link', { name: 'Account', exact: true }).click();

    await page.getByRole('link', { name: `Edit ${entryTitle}` }).click();
    await page.getByRole('heading', { level: 1, name: 'Edit Content' }).waitFor();
    expect(await page.getByLabel('Title').inputValue()).toBe(entryTitle);
    expect(await page.getByLabel('Country').inputValue()).toBe('UY');
    const update = page.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    await screenshot(page, 'accounts-06-edit');
    await page.getByLabel('Description').fill('Work, a job — said all over the Río de la Plata.');
    await page.getByLabel('Hint').fill('Starts like "labor"');
    expect(await update.isEnabled()).toBe(true);
    await clearToasts(page);
    await update.click();
    await toast(page, 'Updated successfully');
    await expect.poll(() => update.isDisabled()).toBe(true);
    await screenshot(page, 'accounts-07-updated');
    const [row] = await adminSql()`select description, hint from public.entries where title = ${entryTitle}`;
    expect(row).toEqual({ description: 'Work, a job — said all over the Río de la Plata.', hint: 'Starts like "labor"' });
  });

  it('deletes it after confirming, and is back on /account without it', async () => {
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
    await dialog.waitFor();
    // Let the dialog finish fading in before the picture.
    await page.locator('.dialog-backdrop').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await screenshot(page, 'accounts-08-delete-confirm');
    await clearToasts(page);
    await dialog.getByRole('button', { name: 'Delete entry' }).click();
    await toast(page, 'Deleted successfully');
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account');
    await page.getByText("You haven't added any entries yet.").waitFor();
    expect(await page.getByRole('link', { name: `Edit ${entryTitle}` }).count()).toBe(0);
    const rows = await adminSql()`select 1 from public.entries where title = ${entryTitle}`;
    expect(rows).toHaveLength(0);
  });

  it('logs out; a guest on /account is asked to log in', async () => {
    await logOut(page);
    await page.goto(`${stack().webUrl}/account`);
    await page.getByRole('heading', { name: 'Please log in to view this page' }).waitFor();
    await screenshot(page, 'accounts-09-account-guest');
  });

  it('logs in again (a wrong password first shows the server’s message)', async () => {
    await page.getByRole('main').getByRole('link', { name: 'Log In', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Log In' }).waitFor();
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Please provide your email.').waitFor();
    await page.getByText('Password cannot be blank.').waitFor();
    await page.getByLabel('Email').fill(person.email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await page.locator('.form__error', { hasText: 'Email or password is incorrect. Please try again' }).waitFor();
    await toast(page, 'Login failed. Please try again.');
    await screenshot(page, 'accounts-10-login-failed');
    await clearToasts(page);
    await phoneShot(page, 'accounts-11-login-phone');

    await page.getByLabel('Password').fill(person.password);
    await page.getByRole('button', { name: 'Log In', exact: true }).click();
    await toast(page, 'Logged in successfully!');
    await greeting(page, person.name);
    // It came from /account, so it goes back there.
    await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
    await logOut(page);
  });

  it('signs in with Google through the local stand-in page and is greeted by that name', async () => {
    await mainNav(page).getByRole('link', { name: 'Log In', exact: true }).click();
    await page.getByRole('button', { name: 'Continue with Google' }).click();
    await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
    await page.getByLabel('Email').fill(googler.email);
    await page.getByLabel('Name').fill(googler.name);
    await screenshot(page, 'accounts-12-google-stand-in');
    await page.getByRole('button', { name: 'Continue' }).click();
    await greeting(page, googler.name);
    await page.getByRole('status').getByText('Logged in successfully!').waitFor();
    expect(new URL(page.url()).origin).toBe(new URL(stack().webUrl).origin);
    // Not even an empty `#` left over from the tokens.
    expect(page.url()).toBe(`${new URL(stack().webUrl).origin}/`);
    await page.getByRole('link', { name: 'Account', exact: true }).waitFor();
    await screenshot(page, 'accounts-13-google-signed-in');
    const [identity] = await adminSql()`select i.provider from auth.identities i join auth.users u on u.id = i.user_id where u.email = ${googler.email}`;
    expect(identity).toEqual({ provider: 'google' });
  });

  it('sets a password for the Google account only with the code Auth mails, then signs in with it', async () => {
    const chosen = `choclo-${run}`;
    await page.getByRole('link', { name: 'Account', exact: true }).click();
    await page.getByRole('heading', { name: 'Sign-in' }).waitFor();
    await page.getByText('has no password yet').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(chosen);
    await page.getByLabel('Confirm Password', { exact: true }).fill(chosen);
    // A made-up code is refused by Auth, and nothing changes.
    await page.getByLabel('Code from the mail').fill('000000');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('That code is not right or has expired. Send yourself a new one.').waitFor();
    expect((await api('/auth/login', { body: { email: googler.email, password: chosen } })).status).toBe(401);

    await clearToasts(page);
    await page.getByRole('button', { name: 'Send me a code' }).click();
    await toast(page, `We sent a code to ${googler.email}.`);
    const mail = await waitForMail(googler.email);
    expect(mail.Subject).toBe('Your Jerga confirmation code');
    await page.getByLabel('Code from the mail').fill(mail.Text.match(/Code: (\d{6})/)![1]);
    await screenshot(page, 'accounts-14-google-sets-password');
    await page.getByRole('button', { name: 'Set password' }).click();
    await toast(page, 'Your password has been changed.');
    await page.getByLabel('Current password').waitFor();
    expect((await api('/auth/login', { body: { email: googler.email, password: chosen } })).status).toBe(200);
    await logOut(page);
  });

  it('lets the seeded admin manage users on /admin, with no navigation bar', async () => {
    await logIn(page, seededAdmin.email, seededAdmin.password, seededAdmin.name);
    await page.getByRole('link', { name: 'Administer' }).click();
    await page.getByRole('heading', { level: 1, name: 'Administration' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Users' }).waitFor();
    const table = page.getByRole('table');
    await table.getByText(person.email).waitFor();
    await table.getByText(googler.email).waitFor();
    await table.getByText(seededAdmin.email).waitFor();
    // No navigation bar: only Back to Site.
    const nav = mainNav(page);
    expect(await nav.getByRole('link').allInnerTexts()).toEqual(['← Back to Site']);
    expect(await page.getByRole('link', { name: 'Home' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log Out' }).count()).toBe(0);
    await clearToasts(page);
    await screenshot(page, 'accounts-14-admin');

    // Search and sort.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(run);
    await expect.poll(() => table.getByRole('rowheader').count()).toBe(2);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    expect(await page.getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => table.locator('.users__name-text').allInnerTexts()).toEqual([googler.name, person.name]);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await expect.poll(() => table.locator('.users__name-text').allInnerTexts()).toEqual([person.name, googler.name]);
    await screenshot(page, 'accounts-15-admin-search-sort');
    await phoneShot(page, 'accounts-16-admin-phone');

    // The admin cannot drop their own rights while they are the only admin.
    await page.getByRole('searchbox', { name: 'Search users' }).fill(seededAdmin.email);
    const own = page.getByRole('switch', { name: `Admin rights for ${seededAdmin.name}` });
    expect(await own.getAttribute('aria-checked')).toBe('true');
    const [{ admins }] = await adminSql()`select count(*)::int as admins from public.profiles where is_admin`;
    if (admins === 1) {
      await clearToasts(page);
      await own.click();
      await toast(page, 'You cannot remove your own admin rights while you are the only admin.');
      expect(await own.getAttribute('aria-checked')).toBe('true');
    }

    await page.getByRole('link', { name: '← Back to Site' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('link', { name: 'Administer' }).waitFor();
    await logOut(page);
  });

  it('refuses /admin to a normal user', async () => {
    await logIn(page, person.email, person.password, person.name);
    await page.goto(`${stack().webUrl}/admin`);
    await page.getByRole('heading', { name: "You don't have permission to view this page" }).waitFor();
    expect(await page.getByRole('table').count()).toBe(0);
    await screenshot(page, 'accounts-17-admin-refused');
  });

  it('pages the Account list a hundred at a time, not claiming a total it does not have', async () => {
    // Hidden, so the guest journey's home grid does not see them.
    await adminSql()`
      insert into public.entries (title, description, country, author, owner, show, created_at)
      select 'pibe ' || ${run} || ' ' || n, 'Kid, boy (Río de la Plata).', 'AR', ${person.name}, u.id, false, now() - n * interval '1 second'
        from auth.users u, generate_series(1, 101) n
       where u.email = ${person.email}`;
    try {
      await page.goto(`${stack().webUrl}/account`);
      await page.getByRole('heading', { level: 1, name: 'Your account' }).waitFor();
      await page.getByText('100+ entries').waitFor();
      expect(await page.locator('.entry-card').count()).toBe(100);
      const more = page.getByRole('button', { name: 'Load more' });
      await more.waitFor();
      await screenshot(page, 'accounts-18-account-load-more');
      // In view, the next page loads (the button does the same for keyboards).
      await more.scrollIntoViewIfNeeded();
      await page.getByText('101 entries').waitFor();
      expect(await page.locator('.entry-card').count()).toBe(101);
      expect(await more.count()).toBe(0);
    } finally {
      await adminSql()`delete from public.entries where title like ${`pibe ${run} %`}`;
    }
  });

  it('in Spanish: drops a session that ended elsewhere and says so; shows the server’s password rule on its field', async () => {
    const es = await browser.newContext({ viewport: DESKTOP, locale: 'es-ES' });
    const p = await es.newPage();
    let inFlight = 0;
    p.on('request', () => inFlight++);
    p.on('requestfinished', () => inFlight--);
    p.on('requestfailed', () => inFlight--);
    try {
      await p.goto(`${stack().webUrl}/login`);
      await p.getByRole('heading', { level: 1, name: 'Iniciar sesión' }).waitFor();
      await p.getByLabel('Correo electrónico').fill(person.email);
      await p.getByLabel('Contraseña', { exact: true }).fill(person.password);
      await p.getByRole('button', { name: 'Iniciar sesión', exact: true }).click();
      await p.getByText(`¡Te damos la bienvenida, ${person.name}!`).waitFor();

      await p.getByRole('link', { name: 'Cuenta', exact: true }).click();
      await p.getByRole('heading', { level: 1, name: 'Tu cuenta' }).waitFor();
      await p.getByText('Todavía no has añadido ninguna entrada.').waitFor();
      await screenshot(p, 'accounts-19-account-es');
      await phoneShot(p, 'accounts-20-account-es-phone');

      const title = `curro ${run}`;
      await p.getByRole('link', { name: 'Añadir', exact: true }).click();
      await expect.poll(() => p.getByLabel('Autor').inputValue()).toBe(person.name);
      // The home page's requests are done: the submit below is the first to meet the ended session.
      await expect.poll(() => inFlight).toBe(0);
      // What a global sign-out (or a password change elsewhere) does: every session ends.
      await adminSql()`delete from auth.sessions s using auth.users u where u.id = s.user_id and u.email = ${person.email}`;
      await p.getByLabel('Título').fill(title);
      await p.getByLabel('Descripción').fill('Trabajo, en España.');
      await p.getByLabel('País').selectOption('ES');
      await p.getByRole('button', { name: 'Añadir contenido' }).click();
      await p.locator('.form__error', { hasText: 'Tu sesión ha terminado. Vuelve a iniciar sesión.' }).waitFor();
      await p.locator('.toast', { hasText: 'Tu sesión ha terminado. Vuelve a iniciar sesión.' }).first().waitFor();
      await p.getByText('¡Te damos la bienvenida, visitante!').waitFor();
      await p.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Iniciar sesión', exact: true }).waitFor();
      await screenshot(p, 'accounts-21-session-ended-es');
      await phoneShot(p, 'accounts-22-session-ended-es-phone');
      // The write was not repeated as a guest.
      expect(await adminSql()`select 1 from public.entries where title = ${title}`).toHaveLength(0);

      await p.goto(`${stack().webUrl}/register`);
      await p.getByRole('heading', { level: 1, name: 'Crea tu cuenta' }).waitFor();
      await p.getByLabel('Nombre').fill(`Común ${run}`);
      await p.getByLabel('Correo electrónico').fill(`comun-${run}@e2e.jerga.local`);
      await p.getByLabel('Contraseña', { exact: true }).fill('password123');
      await p.getByLabel('Confirmar contraseña').fill('password123');
      await p.getByRole('button', { name: 'Registrarse' }).click();
      const password = p.locator('.field', { has: p.getByLabel('Contraseña', { exact: true }) });
      await password.locator('.field__error', { hasText: 'Esta contraseña es demasiado común.' }).waitFor();
      await p.evaluate(() => {
        document.querySelectorAll<HTMLButtonElement>('.toast__close').forEach((button) => button.click());
      });
      await expect.poll(() => p.locator('.toast').count()).toBe(0);
      await screenshot(p, 'accounts-23-register-common-password-es');
      await phoneShot(p, 'accounts-24-register-common-password-es-phone');
    } finally {
      await es.close();
    }
  });
});
