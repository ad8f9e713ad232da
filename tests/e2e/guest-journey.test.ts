import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshot } from '../support/browser.ts';
import { adminSql, api, closeAdminSql, stack } from '../support/stack.ts';

// A visitor's first visit, in real Chromium against the real stack and the seed:
// browse → search by text, country and tag → open a detail page → add an entry as a
// guest and find it again. Screenshots go to test-results/e2e/.

let browser: Browser;
let context: BrowserContext;
let page: Page;

const cardTitles = (p: Page) => p.locator('.entry-card h2').allInnerTexts();

async function waitForGrid(p: Page) {
  await p.getByText('Finding latest content...').waitFor({ state: 'detached' });
  await p.locator('.entry-card').first().waitFor();
}

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'en-US' });
  page = await context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await closeAdminSql();
});

describe('a guest visiting Jerga', () => {
  it('sees the seeded entries sorted by votes on the home page', async () => {
    // Give two seeded entries votes so the order is visible (votes arrive with a later issue).
    await adminSql()`update public.entries set upvotes = 40 where title = 'chévere'`;
    await adminSql()`update public.entries set upvotes = 25 where title = 'quilombo'`;
    await page.goto(stack().webUrl);
    await waitForGrid(page);
    await page.getByText('Welcome, guest!').waitFor();
    // The first screen of cards comes at once, the rest of the page just after.
    await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThanOrEqual(12);
    const titles = await cardTitles(page);
    expect(titles.slice(0, 2)).toEqual(['chévere', 'quilombo']);
    await screenshot(page, '01-home');
  });

  it('searches by text, accent- and case-insensitively', async () => {
    await page.getByLabel('Search', { exact: true }).fill('CHEVERE');
    const [{ titles: matching }] = await adminSql()`
      select array_agg(title) as titles from public.entries
       where show and private.search_normalize(title || ' ' || description) like '%chevere%'`;
    expect(matching).toContain('chévere');
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual([...matching].sort());
    await expect.poll(() => page.url()).toContain('q=CHEVERE');
    await screenshot(page, '02-search-text');
    await page.getByLabel('Search', { exact: true }).fill('');
    await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThanOrEqual(12);
  });

  it('filters by several countries and several tags at once', async () => {
    await page.goto(stack().webUrl);
    await waitForGrid(page);
    // Bolivia and Nicaragua: countries no other test file adds entries to, with few enough
    // seeded ones (about twenty together) that every match fits on the first page.
    const countries = page.getByRole('combobox', { name: 'Countries' });
    await countries.click();
    await countries.fill('boli');
    await page.getByRole('option', { name: /Bolivia/ }).click();
    await page.getByRole('button', { name: 'Remove Bolivia' }).waitFor();
    await countries.fill('nica');
    await page.getByRole('option', { name: /Nicaragua/ }).click();
    await page.getByRole('button', { name: 'Remove Nicaragua' }).waitFor();
    await page.keyboard.press('Escape');
    const [{ titles: expected }] = await adminSql()`
      select array_agg(title) as titles from public.entries where show and country in ('BO', 'NI')`;
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThanOrEqual(24);
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual([...expected].sort());

    // The two tags most used on those entries; an entry needs at least one of them.
    const popular = await adminSql()`
      select t.name from public.tags t join public.entry_tags et on et.tag_id = t.id join public.entries e on e.id = et.entry_id
       where e.country in ('BO', 'NI') group by t.name order by count(*) desc, t.name limit 2`;
    const tags = page.getByRole('combobox', { name: 'Tags' });
    await tags.click();
    for (const { name } of popular) {
      await tags.fill(name);
      await page.getByRole('option', { name, exact: true }).click();
      await page.getByRole('button', { name: `Remove ${name}` }).waitFor();
    }
    await page.keyboard.press('Escape');
    const [{ titles: tagged }] = await adminSql()`
      select array_agg(distinct e.title) as titles
        from public.entries e join public.entry_tags et on et.entry_id = e.id join public.tags t on t.id = et.tag_id
       where e.show and e.country in ('BO', 'NI') and t.name in ${adminSql()(popular.map((row) => row.name))}`;
    expect(tagged.length).toBeGreaterThan(1);
    expect(tagged.length).toBeLessThan(expected.length);
    await expect.poll(async () => (await cardTitles(page)).sort()).toEqual([...tagged].sort());
    await screenshot(page, '03-search-countries-tags');

    await page.getByLabel('Search', { exact: true }).fill('no such word anywhere');
    await page.getByText('No results found. Please try another search.').waitFor();
    await screenshot(page, '04-no-results');

    await page.getByRole('button', { name: 'Clear' }).click();
    await expect.poll(async () => (await cardTitles(page)).length).toBeGreaterThanOrEqual(12);
    expect(await page.getByLabel('Search', { exact: true }).inputValue()).toBe('');
  });

  it('opens an entry and sees every field, its flag and its tags', async () => {
    const [entry] = await adminSql()`
      select e.id, e.title, e.description, e.example_sentence, e.hint, e.author, array_agg(t.name) as tags
        from public.entries e join public.entry_tags et on et.entry_id = e.id join public.tags t on t.id = et.tag_id
       where e.title = 'quilombo' group by e.id`;
    await page.goto(stack().webUrl);
    await waitForGrid(page);
    await page.getByLabel('Search', { exact: true }).fill('quilombo');
    await expect.poll(() => page.url()).toContain('q=quilombo');
    await expect.poll(() => cardTitles(page)).toEqual(['quilombo']);
    await page.getByRole('link', { name: 'quilombo' }).click();
    await page.getByRole('heading', { level: 1, name: 'quilombo' }).waitFor();
    expect(page.url()).toContain(`/content/${entry.id}`);
    await page.getByText(entry.description).waitFor();
    await page.getByText(entry.example_sentence).waitFor();
    await page.getByText(entry.author).first().waitFor();
    // The country by name, its flag beside it (decorative: the name is right there).
    await page.locator('.entry-detail__country', { hasText: 'Argentina' }).waitFor();
    await page.locator('.entry-detail__header img[src*="AR"]').waitFor();
    for (const tag of entry.tags as string[]) await page.getByText(tag, { exact: true }).first().waitFor();
    await screenshot(page, '05-detail');

    // Tagging needs an account: a guest is told so.
    await page.getByRole('button', { name: 'Add Tag' }).click();
    await page.getByText('Please log in to add a tag').waitFor();
  });

  it('shows the validation messages and adds an entry as a guest', async () => {
    await page.getByRole('link', { name: 'Add', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Add Content' }).waitFor();
    expect(await page.getByLabel('Author').inputValue()).toBe('Anonymous');
    await page.getByLabel('Author').fill('');
    await page.getByRole('button', { name: 'Add Content' }).click();
    for (const message of ['Please enter a title.', 'Please enter a description.', 'Please select a country.', 'Please enter an author.']) {
      await page.getByText(message).waitFor();
    }
    await screenshot(page, '06-add-validation');

    const title = `al toque ${Date.now().toString(36)}`;
    await page.getByLabel('Title').fill(title);
    await expect.poll(() => page.getByText('Please enter a title.').count()).toBe(0);
    await page.getByLabel('Description').fill('Right away, immediately.');
    await page.getByLabel('Country').selectOption('PE');
    await page.getByLabel('Example sentence').fill('Te lo mando al toque.');
    await page.getByLabel('Author').fill('Anonymous');
    await page.getByRole('button', { name: 'Add Content' }).click();
    await page.getByText('Added successfully').waitFor();
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.entry-detail__country', { hasText: 'Peru' }).waitFor();
    await screenshot(page, '07-added');

    const [row] = await adminSql()`select owner, author, country from public.entries where title = ${title}`;
    expect(row).toEqual({ owner: null, author: 'Anonymous', country: 'PE' });

    await page.getByRole('link', { name: 'Home' }).first().click();
    await waitForGrid(page);
    await page.getByLabel('Search', { exact: true }).fill(title.toUpperCase());
    await expect.poll(() => cardTitles(page)).toEqual([title]);
    await screenshot(page, '08-found-again');
  });

  it('switches language to Spanish and keeps the choice', async () => {
    await page.getByRole('button', { name: 'Español' }).click();
    await page.getByText('¡Te damos la bienvenida, visitante!').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('es');
    await page.reload();
    await page.getByText('¡Te damos la bienvenida, visitante!').waitFor();
    await screenshot(page, '09-spanish');
    await page.getByRole('button', { name: 'English' }).click();
    await page.getByText('Welcome, guest!').waitFor();
  });

  it('uses a slide-in menu on a phone', async () => {
    const phone = await browser.newContext({ viewport: { width: 375, height: 740 }, locale: 'en-US', isMobile: true });
    const mobile = await phone.newPage();
    await mobile.goto(stack().webUrl);
    await waitForGrid(mobile);
    const toggle = mobile.getByRole('button', { name: 'Open menu' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    await mobile.getByRole('link', { name: 'Add', exact: true }).first().waitFor({ state: 'visible' });
    await screenshot(mobile, '10-mobile-menu');
    await mobile.keyboard.press('Escape');
    await expect.poll(() => mobile.getByRole('button', { name: 'Open menu' }).getAttribute('aria-expanded')).toBe('false');
    await screenshot(mobile, '11-mobile-home');
    await phone.close();
  });

  it('on a phone, over-long text is kept and counted, never sent; a long title stops at two lines on its card', async () => {
    const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'en-US', isMobile: true, hasTouch: true });
    const mobile = await phone.newPage();
    const sent: string[] = [];
    mobile.on('request', (request) => request.method() === 'POST' && sent.push(new URL(request.url()).pathname));
    await mobile.goto(new URL('/addContent', stack().webUrl).href);
    await mobile.getByRole('heading', { name: 'Add Content' }).waitFor();
    const title = mobile.getByLabel('Title');
    await title.fill('a'.repeat(1012));
    const counter = mobile.getByText('12 characters over');
    await counter.waitFor();
    expect(await counter.evaluate((element) => getComputedStyle(element).color)).toBe('rgb(185, 28, 28)');
    expect((await title.inputValue()).length).toBe(1012);
    await mobile.getByRole('button', { name: 'Add Content' }).click();
    await mobile.getByText('Title must be at most 1000 characters.').waitFor();
    expect(await title.evaluate((element) => element === document.activeElement)).toBe(true);
    expect(sent.filter((path) => path.startsWith('/api/content'))).toEqual([]);
    await screenshot(mobile, '12-mobile-over-long');

    const run = Date.now().toString(36);
    const person = { name: `Clamp ${run}`, email: `clamp-${run}@e2e.jerga.local`, password: `chamuyo-largo-${run}` };
    const registered = await api<{ session: { access_token: string } }>('/user/register', { body: { ...person, confirmPassword: person.password } });
    const longTitle = `una frase larguísima ${run} ${'que no se acaba nunca '.repeat(8)}`.trim();
    const added = await api('/content/addContent', {
      token: registered.body.session.access_token,
      body: { title: longTitle, description: 'Long.', country: 'UY', author: person.name },
    });
    expect(added.status).toBe(201);
    await mobile.goto(new URL(`/?q=${encodeURIComponent(`larguísima ${run}`)}`, stack().webUrl).href);
    const cardTitle = mobile.locator('.entry-card__title', { hasText: run });
    await cardTitle.waitFor();
    const { height, lineHeight, scrollHeight } = await cardTitle.evaluate((element) => ({
      height: element.getBoundingClientRect().height,
      lineHeight: parseFloat(getComputedStyle(element).lineHeight),
      scrollHeight: element.scrollHeight,
    }));
    expect(height).toBeLessThanOrEqual(2 * lineHeight + 1);
    expect(scrollHeight).toBeGreaterThan(height);
    await screenshot(mobile, '13-mobile-title-clamp');
    await phone.close();
  });
});

describe('a guest on a large desktop screen (issue 32)', () => {
  it('sees the word of the day, at most two pages of cards until scrolling, whole country names, and Top/New in the URL', async () => {
    const wide = await browser.newContext({ viewport: { width: 1920, height: 1080 }, locale: 'en-US' });
    const desk = await wide.newPage();
    await desk.goto(stack().webUrl);
    const word = desk.getByRole('region', { name: 'Word of the day' });
    await word.getByRole('link').waitFor();
    await waitForGrid(desk);
    // Settled: nothing more is asked for by itself. Then two pages (48) at most.
    await desk.waitForLoadState('networkidle');
    const settled = await desk.locator('.entry-card').count();
    expect(settled).toBeGreaterThanOrEqual(24);
    expect(settled).toBeLessThanOrEqual(48);
    await screenshot(desk, '14-desktop-word-of-the-day');

    // Whole country names, at 1920, 1280 and on a phone's width.
    const cutNames = () =>
      desk.locator('.entry-card__country-name').evaluateAll((names) => names.filter((name) => name.scrollWidth > name.clientWidth + 1).map((name) => name.textContent));
    expect(await cutNames()).toEqual([]);
    for (const width of [1280, 390]) {
      await desk.setViewportSize({ width, height: 800 });
      expect(await cutNames()).toEqual([]);
      await screenshot(desk, `15-word-of-the-day-${width}`);
    }
    await desk.setViewportSize({ width: 1920, height: 1080 });

    // Nearing the end loads the next page.
    await desk.locator('.load-more').scrollIntoViewIfNeeded();
    await expect.poll(() => desk.locator('.entry-card').count()).toBeGreaterThan(settled);

    // New: the newest entry first, kept in the URL through a reload and Back.
    await desk.evaluate(() => window.scrollTo(0, 0));
    const [{ title: newest }] = await adminSql()`select title from public.entries where show order by created_at desc, id desc limit 1`;
    // (A click, not check(): the radio follows the URL, which changes just after the click.)
    await desk.getByRole('radio', { name: 'New' }).click();
    await expect.poll(() => desk.url()).toContain('sort=new');
    await expect.poll(() => desk.getByRole('radio', { name: 'New' }).isChecked()).toBe(true);
    await expect.poll(async () => (await cardTitles(desk))[0]).toBe(newest);
    await desk.reload();
    await expect.poll(async () => (await cardTitles(desk))[0]).toBe(newest);
    expect(await desk.getByRole('radio', { name: 'New' }).isChecked()).toBe(true);
    await desk.locator('.entry-card__link').first().click();
    await desk.waitForURL(/\/content\//);
    await desk.goBack();
    await expect.poll(async () => (await cardTitles(desk))[0]).toBe(newest);
    expect(desk.url()).toContain('sort=new');
    await wide.close();
  });
});
