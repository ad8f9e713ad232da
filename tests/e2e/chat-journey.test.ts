import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// A learner and the tutor in real Chromium against the production build. The test stack has
// no OpenAI key, so the offline tutor answers (streamed like the model's replies). Opening
// /chat creates the first chat; a question about 'chamba' streams in as "Tutor" with a link
// to the seeded entry and a chip to add it to flashcards; the link leads to the entry; the
// chat is renamed with the keyboard and deleted. Then a phone in Spanish. Screenshots go to
// test-results/e2e/chat-*.png.

const run = Date.now().toString(36);
const learner = { name: `Tomás ${run}`, email: `tomas-chat-${run}@e2e.jerga.local`, password: `charla-${run}` };

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let chambaId: string;

/** axe once the page has stopped animating (a dialog fading in), endless spinners aside. */
async function axeWhenStill(target: Page): Promise<string[]> {
  await target.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  return seriousAxeViolations(target);
}

const url = (path: string) => new URL(path, stack().webUrl).href;
const toast = (text: string) => page.locator('.toast', { hasText: text });
const chatList = () => page.getByRole('complementary', { name: 'Your chats' });
const messages = () => page.getByRole('region', { name: 'Messages' });

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api('/user/register', {
    body: { name: learner.name, email: learner.email, password: learner.password, confirmPassword: learner.password },
  });
  expect(registered.status).toBe(201);
  const [seeded] = await adminSql()`select id from public.entries where title = 'chamba'`;
  chambaId = seeded.id as string;
  context = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a learner asks the tutor', () => {
  it('opens /chat and finds a new chat made for them', async () => {
    await page.goto(url('/chat'));
    await page.getByRole('heading', { level: 1, name: 'Spanish tutor' }).waitFor();
    await page.getByText('¡Hola! What would you like to learn today?').waitFor();
    const current = chatList().getByRole('button', { name: /^New Chat/ });
    expect(await current.getAttribute('aria-current')).toBe('true');
    const [{ count }] = await adminSql()`select count(*)::int as count from public.chats c join public.profiles p on p.id = c.owner where p.email = ${learner.email}`;
    expect(count).toBe(1);
    expect(await axeWhenStill(page)).toEqual([]);
    await screenshot(page, 'chat-1-new');
  });

  it('sends "¿Qué significa chamba?": the message shows at once, the reply streams in as Tutor, citing chamba', async () => {
    const box = page.getByRole('textbox', { name: 'Message to the tutor' });
    await box.fill('¿Qué significa chamba?');
    // Watch the reply's text grow while it is still coming (aria-busy): more than one length is a stream.
    await page.evaluate(() => {
      const seen = new Set<number>();
      (window as unknown as { replyLengths: Set<number> }).replyLengths = seen;
      new MutationObserver(() => {
        const busy = document.querySelector('.chat-message--tutor[aria-busy="true"] .chat-markdown');
        if (busy?.textContent) seen.add(busy.textContent.length);
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await box.press('Enter');
    const mine = messages().locator('.chat-message--user', { hasText: '¿Qué significa chamba?' });
    await mine.waitFor();
    expect(await mine.getByText('You', { exact: true }).isVisible()).toBe(true);

    await page.getByText('The tutor replied.').waitFor();
    const reply = messages().locator('.chat-message--tutor').last();
    expect(await reply.getByText('Tutor', { exact: true }).isVisible()).toBe(true);
    expect(await page.evaluate(() => (window as unknown as { replyLengths: Set<number> }).replyLengths.size)).toBeGreaterThan(1);
    // The offline tutor says so, and links the entry in the text and as a chip.
    expect(await reply.textContent()).toMatch(/offline/i);
    const link = reply.locator('.chat-markdown').getByRole('link', { name: 'chamba' }).first();
    expect(await link.getAttribute('href')).toBe(`/content/${chambaId}`);
    const chips = reply.getByRole('list', { name: 'Entries in this reply' });
    const chamba = chips.getByRole('listitem').filter({ has: page.getByRole('link', { name: 'chamba', exact: true }) });
    expect(await chamba.getByRole('link').getAttribute('href')).toBe(`/content/${chambaId}`);
    // Any chip adds its entry to the learner's flashcards.
    await chamba.getByRole('button', { name: 'Add to flashcards' }).click();
    await toast('Added to flashcards successfully!').waitFor();
    await chamba.getByRole('button', { name: 'In your flashcards' }).waitFor();
    // Stored: the chat is titled by the question, and the list counts the two messages.
    await chatList().getByRole('button', { name: /^¿Qué significa chamba\?\s*2 messages/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: '¿Qué significa chamba?' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Message to the tutor' }).inputValue()).toBe('');
    expect(await axeWhenStill(page)).toEqual([]);
    await screenshot(page, 'chat-2-reply');
  });

  it('follows the link to the chamba entry, and back to the same conversation', async () => {
    await messages().locator('.chat-message--tutor').last().locator('.chat-markdown').getByRole('link', { name: 'chamba' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'chamba' }).waitFor();
    expect(new URL(page.url()).pathname).toBe(`/content/${chambaId}`);
    await page.goBack();
    await messages().locator('.chat-message--user', { hasText: '¿Qué significa chamba?' }).waitFor();
    await messages().locator('.chat-message--tutor').getByRole('list', { name: 'Entries in this reply' }).waitFor();
  });

  it('renames the chat with the keyboard (Escape cancels, Enter saves), and it stays renamed', async () => {
    await chatList().getByRole('button', { name: 'Rename ¿Qué significa chamba?' }).click();
    const input = chatList().getByRole('textbox', { name: 'Chat title' });
    await input.fill('Throwaway');
    await input.press('Escape');
    await chatList().getByRole('button', { name: /^¿Qué significa chamba\?/ }).waitFor();

    await chatList().getByRole('button', { name: 'Rename ¿Qué significa chamba?' }).focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('Jerga de México');
    await page.keyboard.press('Enter');
    await chatList().getByRole('button', { name: /^Jerga de México/ }).waitFor();
    await page.reload();
    await chatList().getByRole('button', { name: /^Jerga de México/ }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Jerga de México' }).waitFor();
    await screenshot(page, 'chat-3-renamed');
  });

  it('deletes the chat after confirming', async () => {
    await chatList().getByRole('button', { name: 'Delete Jerga de México' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete this chat?' });
    await dialog.waitFor();
    expect(await axeWhenStill(page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Delete chat' }).click();
    await toast('Chat deleted').waitFor();
    await page.getByText('You have no chats. Start one to talk with the tutor.').waitFor();
    const [{ count }] = await adminSql()`select count(*)::int as count from public.chats c join public.profiles p on p.id = c.owner where p.email = ${learner.email}`;
    expect(count).toBe(0);
    await screenshot(page, 'chat-4-deleted');
  });

  it('works on a phone in Spanish: the list folds away, the tutor answers in Spanish', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    const phoneErrors = consoleErrors(phonePage);
    await phonePage.goto(url('/chat?lng=es'));
    await phonePage.getByRole('heading', { level: 1, name: 'Tutor de español' }).waitFor();
    // No chats left: a new one is made on this visit.
    await phonePage.getByText('¡Hola! ¿Qué quieres aprender hoy?').waitFor();
    expect(await phonePage.getByRole('complementary', { name: 'Tus chats' }).isVisible()).toBe(false);
    const box = phonePage.getByRole('textbox', { name: 'Mensaje para el tutor' });
    await box.fill('¿Qué significa chamba?');
    await phonePage.getByRole('button', { name: 'Enviar' }).click();
    await phonePage.getByText('El tutor respondió.').waitFor();
    const reply = phonePage.locator('.chat-message--tutor').last();
    expect(await reply.getByText('Tutor', { exact: true }).isVisible()).toBe(true);
    expect(await phonePage.locator('.chat-message--user').getByText('Tú', { exact: true }).isVisible()).toBe(true);
    expect(await reply.locator('.chat-markdown').getByRole('link', { name: 'chamba' }).first().getAttribute('href')).toBe(`/content/${chambaId}`);
    // The tutor's words are the server's: the offline tutor answers in Spanish.
    expect(await reply.textContent()).toMatch(/México|significa|sin conexión/i);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeWhenStill(phonePage)).toEqual([]);
    await screenshot(phonePage, 'chat-5-phone-es');

    const toggle = phonePage.getByRole('button', { name: /Mostrar tus chats/ });
    await toggle.click();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    await phonePage.getByRole('complementary', { name: 'Tus chats' }).getByRole('button', { name: /^¿Qué significa chamba\?/ }).waitFor();
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await axeWhenStill(phonePage)).toEqual([]);
    await screenshot(phonePage, 'chat-6-phone-list-es');
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it('asks a visitor to log in', async () => {
    const guest = await browser.newContext({ viewport: { width: 1200, height: 900 }, locale: 'en-US' });
    const guestPage = await guest.newPage();
    await guestPage.goto(url('/chat'));
    await guestPage.getByRole('heading', { level: 1, name: 'Please log in to use the chat feature' }).waitFor();
    await guest.close();
  });

  it('wrote nothing to the console', () => {
    expect(errors).toEqual([]);
  });
});
