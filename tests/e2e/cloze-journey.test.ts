import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { seriousAxeViolations } from '../support/axe.ts';
import { consoleErrors, launchBrowser, logInThroughForm, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// A learner in real Chromium against the production build drills one entry two more ways:
// from its page adds a "fill the gap" (cloze) card and a "meaning → word" (reverse) card,
// sees both marked as added (after a reload too), then on a phone in Spanish reviews them:
// the cloze front shows the example with a blank and never the word; the reverse front the
// Spanish meaning, answered by typing without the accent — taken as right, the accent marked.
// Then it links a variant and drills the group: a variant card asks for one country's form.
// Screenshots go to test-results/e2e/cloze-*.png.

const run = Date.now().toString(36);
const learner = { name: `Clara ${run}`, email: `clara-cloze-${run}@e2e.jerga.local`, password: `huecos-${run}` };
const word = `chévere ${run}`;
const example = `¡Qué ${word} está la fiesta!`;

let browser: Browser;
let context: BrowserContext;
let page: Page;
let errors: string[];
let entryId: string;
let token: string;

const url = (path: string) => new URL(path, stack().webUrl).href;
/** The status of the next rating the page sends to the server. */
const reviewSaved = async (on: Page) =>
  (await on.waitForResponse((r) => r.request().method() === 'PUT' && r.url().includes('/flashcard/updateFlashcardReview/'))).status();

beforeAll(async () => {
  browser = await launchBrowser();
  const registered = await api<{ session: { access_token: string } }>('/user/register', {
    body: { name: learner.name, email: learner.email, password: learner.password, confirmPassword: learner.password },
  });
  expect(registered.status).toBe(201);
  token = registered.body.session.access_token;
  const added = await api<{ data: { _id: string } }>('/content/addContent', {
    token: registered.body.session.access_token,
    body: { title: word, description: 'Great, cool.', country: 'VE', author: learner.name, exampleSentence: example },
  });
  expect(added.status).toBe(201);
  entryId = added.body.data._id;
  // Its Spanish meaning, shown on the reverse card's front in the Spanish interface.
  await adminSql()`update public.entries set description_es = 'Genial, estupendo.' where id = ${entryId}`;
  context = await browser.newContext({ viewport: { width: 1100, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
  errors = consoleErrors(page);
  await logInThroughForm(page, url('/login'), learner);
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

const toast = (text: string) => page.locator('.toast', { hasText: text });

describe('cards that drill an entry more than one way', () => {
  it('adds a cloze card and a reverse card from the entry’s page, and sees them marked as added', async () => {
    await page.goto(url(`/content/${entryId}`));
    await page.getByRole('heading', { level: 1, name: word }).waitFor();
    const more = page.getByRole('group', { name: 'Drill it another way' });
    await more.getByRole('button', { name: 'Fill the gap' }).click();
    await toast('Added a “Fill the gap” card to your flashcards!').waitFor();
    await more.getByRole('button', { name: 'Meaning → word' }).focus();
    await page.keyboard.press('Enter');
    await toast('Added a “Meaning → word” card to your flashcards!').waitFor();
    // Today's basic card was not added: it is still on offer.
    expect(await page.getByRole('button', { name: 'Add to flashcards' }).isEnabled()).toBe(true);

    await page.reload();
    await more.getByRole('button', { name: /^Fill the gap ?\(In your flashcards\)$/ }).waitFor();
    expect(await more.getByRole('button', { name: /^Meaning → word ?\(In your flashcards\)$/ }).getAttribute('aria-disabled')).toBe('true');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'cloze-1-kinds-added');
  });

  it('reviews both on a phone in Spanish: a blank in the example, then the meaning answered by typing', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'es-ES', isMobile: true, hasTouch: true, storageState: await context.storageState() });
    const phonePage = await phone.newPage();
    const phoneErrors = consoleErrors(phonePage);
    await phonePage.goto(url('/flashcards?lng=es'));
    await phonePage.getByText('Quedan 2 tarjetas').waitFor();
    const card = phonePage.getByRole('article', { name: 'Tarjeta' });
    const front = card.getByRole('heading', { level: 2 });

    // The cloze card first (the oldest due): the example with the word blanked.
    await card.getByText('¿Qué palabra completa el hueco?').waitFor();
    expect(await front.textContent()).toBe('¡Qué _____hueco está la fiesta!');
    expect((await card.textContent())?.toLowerCase()).not.toContain(run);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'cloze-2-cloze-front-phone-es');
    await card.getByRole('button', { name: 'Mostrar respuesta' }).click();
    await card.getByText(example).waitFor();
    let saved = reviewSaved(phonePage);
    await phonePage.getByRole('group', { name: '¿Cuánto lo recordabas?' }).getByRole('button', { name: /^Bien/ }).click();
    expect(await saved).toBe(200);

    // The reverse card: the Spanish meaning; typed without the accent and in capitals.
    await front.filter({ hasText: 'Genial, estupendo.' }).waitFor();
    // Bien on a new card is a learning step later today: it stays in the session, as learning.
    await phonePage.getByText('Queda 1 tarjeta').waitFor();
    await phonePage.getByText('1 en aprendizaje', { exact: true }).waitFor();
    await card.getByText('¿Qué palabra significa esto?').waitFor();
    await card.getByLabel('Tu respuesta (opcional)').fill(`CHEVERE ${run.toUpperCase()}`);
    await phonePage.keyboard.press('Enter');
    await card.getByRole('status').filter({ hasText: 'Correcto; fíjate en los acentos marcados.' }).waitFor();
    await card.getByText(`Escribiste: CHEVERE ${run.toUpperCase()}`).waitFor();
    expect(await card.locator('mark.review-result__mark--accent').allTextContents()).toEqual(['é']);
    expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousAxeViolations(phonePage)).toEqual([]);
    await screenshot(phonePage, 'cloze-3-reverse-typed-phone-es');
    saved = reviewSaved(phonePage);
    await phonePage.getByRole('group', { name: '¿Cuánto lo recordabas?' }).getByRole('button', { name: /^Fácil/ }).click();
    // The next card shows before the rating is saved: the phone is closed only once it is.
    expect(await saved).toBe(200);
    // Only the cloze card's step is left, minutes away: the countdown to it.
    await phonePage.getByRole('timer').waitFor();
    expect(phoneErrors).toEqual([]);
    await phone.close();
  });

  it('drills the entry’s variants from its Elsewhere section, and is asked for a country’s form', async () => {
    // Another country's form of the same meaning, linked to the entry.
    const other = await api<{ data: { _id: string } }>('/content/addContent', {
      token,
      body: { title: `bacán ${run}`, description: 'Great, cool.', country: 'CL', author: learner.name, exampleSentence: `¡Qué bacán ${run}!` },
    });
    expect(other.status).toBe(201);
    expect((await api('/content/linkVariant', { body: { contentId: entryId, variantId: other.body.data._id }, token })).status).toBe(201);

    await page.goto(url(`/content/${entryId}`));
    const elsewhere = page.getByRole('region', { name: 'Elsewhere' });
    await elsewhere.getByRole('button', { name: 'Drill these variants' }).click();
    await toast('Added 2 variant cards to your flashcards!').waitFor();
    // The entry's own variant card is marked in its Add to flashcards.
    await page.getByRole('group', { name: 'Drill it another way' }).getByRole('button', { name: /^Country's form ?\(In your flashcards\)$/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(url('/flashcards'));
    const card = page.getByRole('article', { name: 'Flashcard' });
    const front = card.getByRole('heading', { level: 2 });
    await expect.poll(() => front.textContent()).toMatch(/^Great, cool — in (Venezuela|Chile)\?$/);
    await card.getByText('How do they say it there?').waitFor();
    await card.getByRole('button', { name: 'Show answer' }).click();
    await card.getByText('In other countries').waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'cloze-4-variant-card');
  });

  it('fills the gap of a phrase that conjugates, and of a gap its author marked, which no reader sees', async () => {
    // Issue 32: "echar los perros" with "…le está echando los perros…" makes a cloze card.
    const phrase = `echar los perros ${run}`;
    const conjugated = await api<{ data: { _id: string } }>('/content/addContent', {
      token,
      body: { title: phrase, description: 'To flirt.', country: 'AR', author: learner.name, exampleSentence: `…Juan le está echando los perros ${run} a Sofía…` },
    });
    expect(conjugated.status).toBe(201);
    // A stem that changes (puso) is marked by its author: the brackets never reach a reader.
    const marked = await api<{ data: { _id: string; exampleSentence: string; exampleGap?: string } }>('/content/addContent', {
      token,
      body: { title: `ponerse las pilas ${run}`, description: 'To get going.', country: 'ES', author: learner.name, exampleSentence: `Juan [[se puso las pilas ${run}]] ayer.` },
    });
    expect(marked.status).toBe(201);
    expect(marked.body.data).toMatchObject({ exampleSentence: `Juan se puso las pilas ${run} ayer.`, exampleGap: `se puso las pilas ${run}` });
    for (const [id, front] of [
      [conjugated.body.data._id, '…Juan le está _____ a Sofía…'],
      [marked.body.data._id, 'Juan _____ ayer.'],
    ]) {
      await page.goto(url(`/content/${id}`));
      await page.getByText(/Juan/).first().waitFor();
      expect(await page.getByText('[[').count()).toBe(0);
      await page.getByRole('group', { name: 'Drill it another way' }).getByRole('button', { name: 'Fill the gap' }).click();
      await toast('Added a “Fill the gap” card to your flashcards!').first().waitFor();
      const cards = await adminSql()`select private.flashcard_prompt(f.kind, e) as front from public.flashcards f join public.entries e on e.id = f.entry_id where f.entry_id = ${id} and f.kind = 'cloze'`;
      expect(cards.map((card) => card.front)).toEqual([front]);
    }
  });

  it('wrote nothing to the console', () => {
    expect(errors).toEqual([]);
  });
});
