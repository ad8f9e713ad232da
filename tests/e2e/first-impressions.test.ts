import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// What a newcomer meets on every screen, in real Chromium against the production build:
// axe-core finds no serious or critical problem on any route, in English and Spanish, on a
// desktop and a phone (with the menus and dialogs open too); the console stays clean (no
// CSP violation, no 403 on logout); and the layout defects newcomers reported stay fixed.
// Screenshots go to test-results/e2e/first-*.png.

const run = Date.now().toString(36);
const admin = { name: `Ana ${run}`, email: `ana-${run}@e2e.jerga.local`, password: `pampa-y-mate-${run}` };
// 72 characters and no space: the title that used to push Delete off a phone screen.
const longTitle = `supercalifragilistico${'espialidoso'.repeat(4)}${run}`.padEnd(72, 'x').slice(0, 72);

const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
} as const;
type ViewportName = keyof typeof VIEWPORTS;
const LANGUAGES = ['en-US', 'es'] as const;
type Language = (typeof LANGUAGES)[number];
type Theme = 'light' | 'dark';

const words = {
  'en-US': { logIn: 'Log In', email: 'Email', password: 'Password', openMenu: 'Open menu', delete: 'Delete', cancel: 'Cancel', confirmDelete: 'Delete entry', update: 'Update', addTag: 'Add Tag', filters: 'Filters', welcome: 'Welcome' },
  es: { logIn: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', openMenu: 'Abrir menú', delete: 'Eliminar', cancel: 'Cancelar', confirmDelete: 'Eliminar entrada', update: 'Actualizar', addTag: 'Añadir etiqueta', filters: 'Filtros', welcome: 'Te damos la bienvenida' },
} as const;
// Issue 32's walk: the Delete-account dialog, the admin area's headings.
const walkWords = {
  'en-US': { deleteAccount: 'Delete my account…', keepAccount: 'Keep my account', confirmDeleteAccount: 'Delete my account for good', currentPassword: 'Current password', admin: 'Administration', users: 'Users' },
  es: { deleteAccount: 'Borrar mi cuenta…', keepAccount: 'Conservar mi cuenta', confirmDeleteAccount: 'Borrar mi cuenta para siempre', currentPassword: 'Contraseña actual', admin: 'Administración', users: 'Usuarios' },
} as const;

let browser: Browser;
let entryId: string;
let longEntryId: string;
let adminToken: string;
const problems: string[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ user: { _id: string }; session: { access_token: string } }>('/user/register', {
    body: { name: admin.name, email: admin.email, password: admin.password, confirmPassword: admin.password },
  });
  expect(registered.status).toBe(201);
  await adminSql()`update public.profiles set is_admin = true where id = ${registered.body.user._id}`;
  adminToken = registered.body.session.access_token;
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: registered.body.session.access_token,
    body: { title: longTitle, description: 'A title with no spaces at all.', country: 'GQ', author: admin.name },
  });
  expect(added.status).toBe(201);
  longEntryId = added.body.data._id;
  const [seeded] = await adminSql()`select id from public.entries where title = 'chévere'`;
  entryId = seeded.id as string;
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

/** A page of the app, in one language and viewport, with its console watched. */
async function open(viewport: ViewportName, language: Language, theme: Theme = 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The dark theme as a system set to dark gives it (the app follows prefers-color-scheme).
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: language, colorScheme: theme });
  // The language the learner picked last time, as the app remembers it.
  await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
  const page = await context.newPage();
  return { context, page, errors: consoleErrors(page) };
}

/** Waits until the route has drawn its heading and finished its requests. */
async function ready(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

async function visit(page: Page, path: string) {
  await page.goto(new URL(path, stack().webUrl).href);
  await ready(page);
}

async function checkAxe(page: Page, label: string) {
  // A dialog fading in is judged once it is fully drawn (endless spinners aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  for (const violation of await seriousAxeViolations(page)) problems.push(`${label}: ${violation}`);
}

async function logIn(page: Page, language: Language) {
  await visit(page, '/login');
  await page.getByLabel(words[language].email).fill(admin.email);
  await page.getByLabel(words[language].password, { exact: true }).fill(admin.password);
  await page.locator('form').getByRole('button', { name: words[language].logIn, exact: true }).click();
  await page.getByText(`${words[language].welcome}, ${admin.name}!`).waitFor();
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not visible`);
  return found;
};
type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
const inside = (a: Box, width: number) => a.x >= 0 && a.x + a.width <= width;

/**
 * On /account: every card pads its content (Sign-in and Daily limits had none), and the
 * Delete-account dialog holds its password field and both buttons, with nothing to scroll sideways.
 */
async function checkAccountPage(page: Page, label: (route: string) => string, language: Language, viewport: ViewportName) {
  for (const card of ['.sign-in-card', '.daily-limits-card']) {
    const cardBox = await box(page.locator(card));
    const title = await box(page.locator(card).locator('h2'));
    expect(title.x - cardBox.x, label(`${card} padding`)).toBeGreaterThanOrEqual(16);
    expect(title.y - cardBox.y, label(`${card} padding`)).toBeGreaterThanOrEqual(16);
  }
  await page.getByRole('button', { name: walkWords[language].deleteAccount }).click();
  const dialog = page.getByRole('dialog');
  await dialog.waitFor();
  await checkAxe(page, label('delete-account dialog'));
  await screenshot(page, `first-delete-account-${viewport}-${language}`);
  const dialogBox = await box(dialog);
  const within = (part: Box) => part.x >= dialogBox.x && part.x + part.width <= dialogBox.x + dialogBox.width && part.y + part.height <= dialogBox.y + dialogBox.height;
  for (const part of [
    dialog.getByLabel(walkWords[language].currentPassword),
    dialog.getByRole('button', { name: walkWords[language].keepAccount }),
    dialog.getByRole('button', { name: walkWords[language].confirmDeleteAccount }),
  ]) {
    expect(within(await box(part)), label(`delete-account dialog: ${String(part)}`)).toBe(true);
  }
  expect(await dialog.locator('.dialog__body').evaluate((body) => body.scrollWidth <= body.clientWidth)).toBe(true);
  await page.keyboard.press('Escape');
  await dialog.waitFor({ state: 'detached' });
}

describe.each([
  ...(Object.keys(VIEWPORTS) as ViewportName[]).flatMap((viewport) => LANGUAGES.map((language) => ({ viewport, language, theme: 'light' as Theme }))),
  // The dark theme too: each language and each viewport once.
  { viewport: 'desktop' as ViewportName, language: 'es' as Language, theme: 'dark' as Theme },
  { viewport: 'phone' as ViewportName, language: 'en-US' as Language, theme: 'dark' as Theme },
])('every route on a $viewport in $language, $theme theme', ({ viewport, language, theme }) => {
  let context: BrowserContext;
  let page: Page;
  let errors: string[];
  const label = (route: string) => `${viewport}/${language}/${theme} ${route}`;

  beforeAll(async () => {
    ({ context, page, errors } = await open(viewport, language, theme));
  });

  afterAll(async () => {
    await context?.close();
  });

  it('has no serious accessibility problem as a guest', async () => {
    for (const route of ['/', `/content/${entryId}`, '/addContent', '/addTag', '/addfeedback', '/login', '/register', '/forgot-password', '/reset-password', '/account', '/flashcards', '/chat', '/admin', '/contents', '/no-such-page']) {
      await visit(page, route);
      await checkAxe(page, label(route));
      // The language switch names each language in itself, marked with its language, in
      // the main bar and the admin area's (never "Inglés").
      if (route === '/' || route === '/admin') {
        // By class: on a phone the switch waits in the closed menu, out of the accessibility tree.
        const switchOptions = page.locator('.language-switch').first().locator('.language-switch__option');
        expect(await switchOptions.evaluateAll((buttons) => buttons.map((button) => [button.textContent, button.getAttribute('lang')])), label(route)).toEqual([
          ['Español', 'es'],
          ['English', 'en-US'],
        ]);
      }
    }
    if (viewport === 'phone') {
      await visit(page, '/');
      await page.getByRole('button', { name: words[language].openMenu }).click();
      await page.locator('.nav__panel--open').waitFor();
      await checkAxe(page, label('/ with the menu open'));
      await screenshot(page, `first-menu-${language}-${theme}`);
      // Tab goes round the menu and its close button, never to the page behind the backdrop.
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press(i % 5 === 4 ? 'Shift+Tab' : 'Tab');
        const where = await page.evaluate(() => {
          const active = document.activeElement;
          return active?.closest('.nav__panel') ? 'menu' : active?.classList.contains('nav__toggle') ? 'toggle' : active?.outerHTML.slice(0, 80);
        });
        if (where !== 'menu' && where !== 'toggle') problems.push(`${label('menu')}: Tab reached ${where}`);
      }
      await page.keyboard.press('Escape');
    }
  });

  it('shows a guest the home page’s words before the app has run, where the app then draws them', async () => {
    const heading = { 'en-US': 'Learn Spanish as it is really spoken', es: 'Aprende el español como se habla de verdad' }[language];
    // The app's own script never arrives: what is on screen is index.html and its first script.
    // A context of its own: this one's pages registered the service worker, which would serve
    // the script from its cache past the blocked route, and the app would draw after all.
    const { context: bareContext, page: bare } = await open(viewport, language, theme);
    await bare.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await bare.goto(new URL('/', stack().webUrl).href);
    const early = bare.locator('#root main .hero__title');
    await early.waitFor();
    expect(await early.textContent()).toBe(heading);
    expect(await bare.evaluate(() => document.documentElement.lang)).toBe(language);
    expect(await bare.evaluate(() => navigator.serviceWorker.controller)).toBeNull();
    const before = await box(early);
    await bareContext.close();
    await visit(page, '/');
    const drawn = page.getByRole('heading', { level: 1, name: heading });
    const after = await box(drawn);
    for (const side of ['x', 'y', 'width', 'height'] as const) expect(Math.abs(after[side] - before[side]), side).toBeLessThan(1);
  });

  it('draws the entry page’s usage map in the theme’s colours, its labels readable on its sea', async () => {
    await visit(page, `/content/${entryId}`);
    // The map is drawn as the reader scrolls towards it.
    await page.locator('.usage-panel').scrollIntoViewIfNeeded();
    const map = page.locator('svg.usage-map');
    await map.waitFor();
    // Each part's colour as drawn (a canvas reads whatever colour syntax the style computes to).
    const drawn = await map.evaluate((svg) => {
      const canvas = document.createElement('canvas').getContext('2d', { willReadFrequently: true })!;
      const rgb = (colour: string) => {
        canvas.clearRect(0, 0, 1, 1);
        canvas.fillStyle = colour;
        canvas.fillRect(0, 0, 1, 1);
        return [...canvas.getImageData(0, 0, 1, 1).data.slice(0, 3)];
      };
      const fill = (selector: string) => rgb(getComputedStyle(svg.querySelector(selector)!).fill);
      return {
        sea: fill('.usage-map__sea'),
        land: fill('.usage-map__land'),
        label: fill('.usage-map__inset-label'),
        page: rgb(getComputedStyle(document.body).backgroundColor),
      };
    });
    const luminance = ([r, g, b]: number[]) => {
      const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
      return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
    };
    const contrast = (a: number[], b: number[]) => (Math.max(luminance(a), luminance(b)) + 0.05) / (Math.min(luminance(a), luminance(b)) + 0.05);
    // Sea and land as dark as the page in the dark theme, as light in the light one.
    for (const part of [drawn.sea, drawn.land]) {
      if (theme === 'dark') expect(luminance(part)).toBeLessThan(0.1);
      else expect(luminance(part)).toBeGreaterThan(0.7);
      expect(Math.abs(luminance(part) - luminance(drawn.page))).toBeLessThan(0.1);
    }
    expect(contrast(drawn.label, drawn.sea)).toBeGreaterThanOrEqual(4.5);
    await page.waitForLoadState('networkidle');
    await checkAxe(page, label('entry page with its usage map'));
    await screenshot(page, `first-usage-map-${viewport}-${language}-${theme}`);
  });

  it('has no serious accessibility problem signed in, with dialogs open', async () => {
    await logIn(page, language);
    // "Logged in successfully!" stays clear of every control in the header (the switches,
    // the bell, the menu) and of the page's top, where its actions sit (Mark all as read).
    const toast = await box(page.locator('.toast').first());
    // Every header control's box in one round trip (hidden ones have none).
    const controls = await page.locator('.site-header').evaluate((header) =>
      [...header.querySelectorAll('a, button')].map((control) => ({ html: control.outerHTML.slice(0, 80), ...control.getBoundingClientRect().toJSON() }) as { html: string } & Box),
    );
    for (const control of controls) if (control.width > 0 && overlaps(toast, control)) problems.push(`${label('toast')}: covers ${control.html}`);
    expect(toast.y, label('toast')).toBeGreaterThan(VIEWPORTS[viewport].viewport.height / 2);
    for (const route of ['/', `/content/${longEntryId}`, '/addContent', '/addTag', '/addfeedback', `/editContent/${longEntryId}`, '/account', '/flashcards', '/flashcards/cards', '/chat', '/admin', '/contents']) {
      await visit(page, route);
      await checkAxe(page, label(`${route} signed in`));
      // The 72-character title (on /, /account, its own page and its edit page) breaks
      // instead of widening the page.
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > VIEWPORTS[viewport].viewport.width) problems.push(`${label(route)}: the page is ${width}px wide`);
      if (route === '/account') await checkAccountPage(page, label, language, viewport);
      if (route === '/admin') {
        // The page names the area, the tab its own heading (it said "Users" on every tab).
        expect(await page.getByRole('heading', { level: 1 }).allTextContents()).toEqual([walkWords[language].admin]);
        await page.getByRole('heading', { level: 2, name: walkWords[language].users }).waitFor();
      }
    }
    await visit(page, `/content/${entryId}`);
    await page.getByRole('button', { name: words[language].addTag }).click();
    await page.getByRole('dialog').waitFor();
    await checkAxe(page, label('tag picker dialog'));
    await page.keyboard.press('Escape');

    await visit(page, `/editContent/${longEntryId}`);
    await page.getByRole('button', { name: words[language].delete, exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    await checkAxe(page, label('delete confirmation'));
    await screenshot(page, `first-delete-${viewport}-${language}-${theme}`);
    // The 72-character word breaks: both buttons stay on screen and inside the dialog.
    const width = VIEWPORTS[viewport].viewport.width;
    const dialogBox = await box(dialog);
    expect(inside(dialogBox, width)).toBe(true);
    for (const name of [words[language].cancel, words[language].confirmDelete]) {
      const button = await box(dialog.getByRole('button', { name, exact: true }));
      expect(inside(button, width)).toBe(true);
      expect(button.x + button.width).toBeLessThanOrEqual(dialogBox.x + dialogBox.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.keyboard.press('Escape');
  });

  it('writes nothing to the console, logging out included', async () => {
    await visit(page, '/');
    if (viewport === 'phone') await page.getByRole('button', { name: words[language].openMenu }).click();
    await page.getByRole('button', { name: language === 'es' ? 'Cerrar sesión' : 'Log Out' }).click();
    await page.getByText(`${words[language].welcome}, ${language === 'es' ? 'visitante' : 'guest'}!`).waitFor();
    await page.waitForLoadState('networkidle');
    expect(errors).toEqual([]);
  });
});

describe('what newcomers tripped over', () => {
  it('finds no serious accessibility problem anywhere above', () => {
    expect(problems).toEqual([]);
  });

  it('on a phone, the header never draws Back to Site or Log In over the logo (/admin and /contents)', async () => {
    const { context, page } = await open('phone', 'en-US');
    for (const route of ['/admin', '/contents']) {
      await visit(page, route);
      const logo = await box(page.getByRole('link', { name: 'Jerga' }));
      expect(overlaps(logo, await box(page.getByRole('navigation').getByRole('link', { name: 'Log In' })))).toBe(false);
    }
    await logIn(page, 'en-US');
    for (const route of ['/admin', '/contents']) {
      await visit(page, route);
      const logo = await box(page.getByRole('link', { name: 'Jerga' }));
      expect(overlaps(logo, await box(page.getByRole('link', { name: '← Back to Site' })))).toBe(false);
      await screenshot(page, `first-phone-header${route.replace('/', '-')}`);
    }
    await context.close();
  });

  it('on a phone, a toast never hides the menu button', async () => {
    const { context, page } = await open('phone', 'en-US');
    await logIn(page, 'en-US');
    const toast = page.locator('.toast', { hasText: 'Logged in successfully!' });
    await toast.waitFor();
    expect(overlaps(await box(toast), await box(page.getByRole('button', { name: 'Open menu' })))).toBe(false);
    await screenshot(page, 'first-phone-toast');
    await context.close();
  });

  it('on a phone (390×844), the owner edits and deletes an entry from its own page', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: 'en-US' });
    const page = await context.newPage();
    const errors = consoleErrors(page);
    await logIn(page, 'en-US');
    const added = await api<{ data: { _id: string } }>('/content/addContent', {
      token: adminToken,
      body: { title: `${longTitle} ${'y'.repeat(40)}`, description: 'Mine to change.', country: 'AR', author: admin.name },
    });
    expect(added.status).toBe(201);
    const id = added.body.data._id;

    await visit(page, `/content/${id}`);
    const edit = page.getByRole('link', { name: 'Edit', exact: true });
    const remove = page.getByRole('button', { name: 'Delete', exact: true });
    for (const control of [edit, remove]) expect(inside(await box(control), 390)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await checkAxe(page, 'phone owner entry page');
    await screenshot(page, 'first-phone-owner-entry');

    // Edit leads to the form and back to the entry.
    await edit.click();
    await page.getByRole('heading', { level: 1, name: 'Edit Content' }).waitFor();
    await page.getByRole('link', { name: '← Back to the entry' }).click();
    await remove.waitFor();

    // Delete, by keyboard: it asks first; Escape keeps the entry.
    await remove.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Delete this entry?' });
    await dialog.waitFor();
    await checkAxe(page, 'phone owner delete dialog');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await remove.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await dialog.getByRole('button', { name: 'Delete entry' }).click();
    await page.locator('.toast', { hasText: 'Deleted successfully' }).waitFor();
    // Home's chunk may still be loading: the address changes once it is in.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    expect((await api(`/content/getContentById/${id}`)).status).toBe(404);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('on a phone, entries show on the first screen; the filters wait behind a button', async () => {
    const { context, page } = await open('phone', 'en-US');
    await visit(page, '/');
    await page.locator('.entry-card').first().waitFor();
    const firstCard = await box(page.locator('.entry-card').first());
    expect(firstCard.y).toBeLessThan(VIEWPORTS.phone.viewport.height);
    const filters = page.getByRole('button', { name: /^Filters/ });
    expect(await filters.getAttribute('aria-expanded')).toBe('false');
    expect(await page.getByRole('combobox', { name: 'Countries' }).isVisible()).toBe(false);
    await screenshot(page, 'first-phone-home');
    await filters.click();
    await page.getByRole('combobox', { name: 'Countries' }).waitFor();
    expect(await filters.getAttribute('aria-expanded')).toBe('true');
    await context.close();
  });

  it('shows keyboard focus on a card, and disabled buttons look disabled', async () => {
    const { context, page } = await open('desktop', 'en-US');
    await visit(page, '/');
    const link = page.locator('.entry-card__link').first();
    await link.focus();
    await page.keyboard.press('Shift+Tab');
    await page.keyboard.press('Tab');
    const card = page.locator('.entry-card').first();
    expect(await card.evaluate((element) => getComputedStyle(element).outlineStyle)).toBe('solid');
    await screenshot(page, 'first-card-focus');

    await logIn(page, 'en-US');
    await visit(page, `/editContent/${longEntryId}`);
    const update = page.getByRole('button', { name: 'Update' });
    expect(await update.isDisabled()).toBe(true);
    const background = (locator: Locator) => locator.evaluate((element) => getComputedStyle(element).backgroundColor);
    const disabledLook = await background(update);
    await page.getByLabel('Hint').fill('Starts with super');
    expect(await update.isEnabled()).toBe(true);
    // The colour eases over (a transition): it ends up different.
    await expect.poll(() => background(update)).not.toBe(disabledLook);
    await context.close();
  });

  it('checks an e-mail address in the browser, with no request', async () => {
    const { context, page } = await open('desktop', 'en-US');
    await visit(page, '/login');
    const requests: string[] = [];
    page.on('request', (request) => requests.push(new URL(request.url()).pathname));
    await page.getByLabel('Email').fill('ana.example.com');
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    await page.locator('form').getByRole('button', { name: 'Log In', exact: true }).click();
    await page.getByText('Please provide a valid email address.').waitFor();
    expect(requests.filter((path) => path.startsWith('/api') || path.startsWith('/auth'))).toEqual([]);
    await context.close();
  });

  it('starts downloading the opened page’s code before the app has run (one round trip less on a phone)', async () => {
    const { context, page } = await open('phone', 'en-US');
    const requested: string[] = [];
    page.on('request', (request) => requested.push(new URL(request.url()).pathname));
    await visit(page, `/content/${entryId}`);
    await page.getByRole('heading', { level: 1, name: 'chévere' }).waitFor();
    // The build's list named the entry page's chunk and the first script asked for it; the
    // router's import then used that download (one request, not two).
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/entry-page-"]').count()).toBe(1);
    expect(requested.filter((path) => path.startsWith('/assets/entry-page-'))).toHaveLength(1);
    // A guest's entry was asked for by that first script, and the app used that reply.
    expect(requested.filter((path) => path === `/api/content/getContentById/${entryId}`)).toHaveLength(1);
    // Opening another page in the app: its chunks are preloaded from the same list, each fetched once.
    await page.getByRole('link', { name: 'Back to all entries' }).click();
    await page.getByRole('heading', { level: 1, name: 'Learn Spanish as it is really spoken' }).waitFor();
    expect(await page.locator('link[rel="modulepreload"][href*="/assets/home-page-"]').count()).toBe(1);
    expect(requested.filter((path) => path.startsWith('/assets/home-page-'))).toHaveLength(1);
    await context.close();
  });

  it('on a wide screen, a learner’s header keeps its height while the session is read: the page does not jump', async () => {
    const { context, page } = await open('desktop', 'en-US');
    await logIn(page, 'en-US');
    type Shift = { value: number; at: number; moved: string[] };
    await context.addInitScript(() => {
      const shifts: Shift[] = [];
      (window as unknown as { layoutShifts: Shift[] }).layoutShifts = shifts;
      type Entry = PerformanceEntry & { value: number; hadRecentInput: boolean; sources: { node?: Node; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as Entry[]) {
          if (entry.hadRecentInput) continue;
          const moved = entry.sources.map(({ node, previousRect: from, currentRect: to }) => `${node instanceof Element ? `${node.localName}.${node.className}` : node?.nodeName} ${Math.round(from.x)},${Math.round(from.y)} ${Math.round(from.width)}×${Math.round(from.height)} → ${Math.round(to.x)},${Math.round(to.y)} ${Math.round(to.width)}×${Math.round(to.height)}`);
          shifts.push({ value: entry.value, at: Math.round(entry.startTime), moved });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    for (const path of ['/', '/flashcards']) {
      await visit(page, path);
      // The streak and the bell (their own chunks, with their data) are in the header.
      await page.locator('.site-header .bell').waitFor();
      await page.locator('.site-header .today-stats').waitFor();
      const shifts = await page.evaluate(() => (window as unknown as { layoutShifts: Shift[] }).layoutShifts);
      const shifted = shifts.reduce((sum, { value }) => sum + value, 0);
      // It was 0.45 when the links moved to a second row once the session was known; it is
      // about 0.01 now (the streak and the bell settling). Under 0.1 is what Core Web Vitals
      // call good; a busy CI machine once measured 0.054, its shifts unrecorded then.
      expect(shifted, `${path}: ${JSON.stringify(shifts)}`).toBeLessThan(0.1);
    }
    await context.close();
  });
});
