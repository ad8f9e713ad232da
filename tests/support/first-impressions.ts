import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { seriousAxeViolations } from './axe.ts';
import { consoleErrors, launchBrowser, screenshot } from './browser.ts';
import { adminSql, api, closeAdminSql, stack } from './stack.ts';

// What tests/e2e/first-impressions*.test.ts share: the viewports, languages and themes a
// newcomer's screens are walked in, the words they click, an admin with a long-titled entry,
// and the helpers that open, visit and judge a page (axe-core, boxes). Each test file has its
// own copy of this module's state (Vitest isolates files).

export const run = Date.now().toString(36);
export const admin = { name: `Ana ${run}`, email: `ana-${run}@e2e.jerga.local`, password: `pampa-y-mate-${run}` };
// 72 characters and no space: the title that used to push Delete off a phone screen.
export const longTitle = `supercalifragilistico${'espialidoso'.repeat(4)}${run}`.padEnd(72, 'x').slice(0, 72);

export const VIEWPORTS = {
  desktop: { viewport: { width: 1280, height: 900 } },
  phone: { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;
export const LANGUAGES = ['en-US', 'es'] as const;
export type Language = (typeof LANGUAGES)[number];
export type Theme = 'light' | 'dark';

export const words = {
  'en-US': { logIn: 'Log In', email: 'Email', password: 'Password', openMenu: 'Open menu', delete: 'Delete', cancel: 'Cancel', confirmDelete: 'Delete entry', update: 'Update', addTag: 'Add Tag', filters: 'Filters', welcome: 'Welcome' },
  es: { logIn: 'Iniciar sesión', email: 'Correo electrónico', password: 'Contraseña', openMenu: 'Abrir menú', delete: 'Eliminar', cancel: 'Cancelar', confirmDelete: 'Eliminar entrada', update: 'Actualizar', addTag: 'Añadir etiqueta', filters: 'Filtros', welcome: 'Te damos la bienvenida' },
} as const;
// Issue 32's walk: the Delete-account dialog, the admin area's headings.
export const walkWords = {
  'en-US': { deleteAccount: 'Delete my account…', keepAccount: 'Keep my account', confirmDeleteAccount: 'Delete my account for good', currentPassword: 'Current password', admin: 'Administration', users: 'Users' },
  es: { deleteAccount: 'Borrar mi cuenta…', keepAccount: 'Conservar mi cuenta', confirmDeleteAccount: 'Borrar mi cuenta para siempre', currentPassword: 'Contraseña actual', admin: 'Administración', users: 'Usuarios' },
} as const;

export let browser: Browser;
export let entryId: string;
export let longEntryId: string;
export let adminToken: string;
/** Every serious axe finding of the file's walk, "label: violation" each: the file ends by asking it is empty. */
export const problems: string[] = [];

/** The file's beforeAll: Chromium, an admin who owns an entry with a 72-character title, a seeded entry. */
export async function setUpFirstImpressions(): Promise<void> {
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
}

/** The file's afterAll. */
export async function tearDownFirstImpressions(): Promise<void> {
  await browser?.close();
  await closeAdminSql();
}

/** A page of the app, in one language and viewport, with its console watched. */
export async function open(viewport: ViewportName, language: Language, theme: Theme = 'light'): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  // The dark theme as a system set to dark gives it (the app follows prefers-color-scheme).
  const context = await browser.newContext({ ...VIEWPORTS[viewport], locale: language, colorScheme: theme });
  // The language the learner picked last time, as the app remembers it.
  await context.addInitScript((lng) => window.localStorage.setItem('i18nextLng', lng), language);
  const page = await context.newPage();
  return { context, page, errors: consoleErrors(page) };
}

/** Waits until the route has drawn its heading and finished its requests. */
export async function ready(page: Page) {
  await page.locator('main h1').first().waitFor();
  await page.waitForLoadState('networkidle');
}

export async function visit(page: Page, path: string) {
  await page.goto(new URL(path, stack().webUrl).href);
  await ready(page);
}

export async function checkAxe(page: Page, label: string) {
  // A dialog fading in is judged once it is fully drawn (endless spinners aside).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  for (const violation of await seriousAxeViolations(page)) problems.push(`${label}: ${violation}`);
}

export async function logIn(page: Page, language: Language) {
  await visit(page, '/login');
  await page.getByLabel(words[language].email).fill(admin.email);
  await page.getByLabel(words[language].password, { exact: true }).fill(admin.password);
  await page.locator('form').getByRole('button', { name: words[language].logIn, exact: true }).click();
  await page.getByText(`${words[language].welcome}, ${admin.name}!`).waitFor();
}

export const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${String(locator)} is not visible`);
  return found;
};
export type Box = { x: number; y: number; width: number; height: number };
export const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
export const inside = (a: Box, width: number) => a.x >= 0 && a.x + a.width <= width;

/**
 * On /account: every card pads its content (Sign-in and Daily limits had none), and the
 * Delete-account dialog holds its password field and both buttons, with nothing to scroll sideways.
 */
export async function checkAccountPage(page: Page, label: (route: string) => string, language: Language, viewport: ViewportName) {
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
