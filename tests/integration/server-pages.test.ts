import { randomUUID } from 'node:crypto';
import ogs from 'open-graph-scraper';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Entry, EntryDetail } from '../../supabase/functions/_shared/contract/entries.ts';
import { SERVED_READ_ID } from '../../supabase/functions/_shared/pages/app.ts';
import { defaultDistDir } from '../../stack/build.ts';
import { startWeb } from '../../stack/web.ts';
import { adminSql, api, closeAdminSql, createUser, stack } from '../support/stack.ts';

// The pages as a crawler or a chat app's link preview reads them: plain fetches, no script.

afterAll(closeAdminSql);

/** open-graph-scraper's own URL rules (its defaults), but for the top-level domain. */
const LINK_CHECK_URLS = {
  protocols: ['http', 'https'],
  require_tld: false,
  require_protocol: false,
  require_host: true,
  require_port: false,
  require_valid_protocol: true,
  allow_underscores: false,
  allow_trailing_dot: false,
  allow_protocol_relative_urls: false,
  allow_fragments: true,
  allow_query_components: true,
  validate_length: true,
};

const unique = () => Math.random().toString(36).slice(2, 10);

interface Page {
  status: number;
  headers: Headers;
  html: string;
}

async function page(path: string, headers: Record<string, string> = {}): Promise<Page> {
  const response = await fetch(new URL(path, stack().webUrl), { headers, redirect: 'manual' });
  return { status: response.status, headers: response.headers, html: await response.text() };
}

/** The first match's group, or fail saying what was looked for. */
function found(html: string, pattern: RegExp): string {
  const match = pattern.exec(html);
  expect(match, String(pattern)).not.toBeNull();
  return match![1];
}
const metaOf = (html: string, attribute: 'name' | 'property', key: string) => found(html, new RegExp(`<meta ${attribute}="${key}" content="([^"]*)"`));
const linkOf = (html: string, rel: string, hreflang?: string) =>
  found(html, new RegExp(`<link rel="${rel}"${hreflang ? ` hreflang="${hreflang}"` : ''} href="([^"]*)"`));
const decoded = (text: string) => text.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
const jsonBlock = (html: string, type: string, id?: string) =>
  JSON.parse(found(html, new RegExp(`<script type="${type.replace('+', '\\+')}"${id ? ` id="${id}"` : ''}>([^<]*)</script>`))) as Record<string, unknown>;

async function addEntry(overrides: Record<string, unknown> = {}): Promise<Entry> {
  const reply = await api<{ data: Entry }>('/content/addContent', {
    body: { title: `chamba ${unique()}`, description: 'work, a job', country: 'MX', exampleSentence: 'Tengo mucha chamba hoy.', author: 'Pages test', ...overrides },
  });
  expect(reply.status).toBe(201);
  return reply.body.data;
}

let entry: Entry;
let spanishEntry: Entry;

beforeAll(async () => {
  entry = await addEntry();
  spanishEntry = await addEntry({ description: 'a good friend', descriptionEs: 'un buen amigo', country: 'AR', exampleSentence: null });
});

describe('an entry page', () => {
  it('holds the entry, its head tags and its read in the HTML, in English by default', async () => {
    const { status, headers, html } = await page(`/content/${entry._id}`);
    expect(status).toBe(200);
    expect(headers.get('content-type')).toMatch(/^text\/html/);
    expect(headers.get('vary')).toMatch(/Cookie/);
    expect(headers.get('vary')).toMatch(/Accept-Language/);
    expect(html).toContain('<html lang="en-US">');
    expect(found(html, /<title>([^<]*)<\/title>/)).toBe(`${entry.title} — work, a job (Mexico) | Jerga`);
    expect(metaOf(html, 'name', 'description')).toBe('work, a job');
    const site = stack().webUrl;
    const url = `${site}/content/${entry._id}`;
    expect(linkOf(html, 'canonical')).toBe(url);
    expect(linkOf(html, 'alternate', 'en')).toBe(`${url}?lng=en`);
    expect(linkOf(html, 'alternate', 'es')).toBe(`${url}?lng=es`);
    expect(linkOf(html, 'alternate', 'x-default')).toBe(url);
    expect(metaOf(html, 'property', 'og:image')).toBe(`${url}/card.png?lng=en`);
    expect(metaOf(html, 'property', 'og:locale')).toBe('en_US');
    expect(metaOf(html, 'name', 'twitter:card')).toBe('summary_large_image');
    expect(jsonBlock(html, 'application/ld+json')).toEqual({
      '@context': 'https://schema.org',
      '@type': 'DefinedTerm',
      name: entry.title,
      description: 'work, a job',
      inLanguage: 'es-MX',
      url,
      inDefinedTermSet: `${site}/country/MX`,
    });
    // The body as the entry page draws it, the country linking to its page.
    expect(html).toContain(`<h1 class="entry-detail__title">${entry.title}</h1>`);
    expect(html).toContain('<p class="entry-detail__country"><a class="entry-detail__country-link" href="/country/MX">Mexico</a></p>');
    expect(html).toContain('<dd class="entry-detail__description"><span lang="en">work, a job</span></dd>');
    expect(html).toContain('<blockquote class="entry-detail__example" lang="es">Tengo mucha chamba hoy.</blockquote>');
    expect(html).not.toContain('name="robots"');
    // The app's first read, as a guest reads it.
    const served = jsonBlock(html, 'application/json', SERVED_READ_ID);
    const guest = await api<EntryDetail>(`/content/getContentById/${entry._id}`);
    expect(served).toEqual({ path: `/content/getContentById/${entry._id}`, body: guest.body });
    // The build's scripts and page list are still there.
    expect(html).toContain('<script type="application/json" id="page-chunks">');
    expect(html).toMatch(/<script type="module" crossorigin[^>]* src="\/assets\/index-/);
  });

  it('is in Spanish for ?lng=es, the jerga-lng cookie or Accept-Language, with the Spanish meaning', async () => {
    const readers: { path: string; headers: Record<string, string>; canonical: string }[] = [
      { path: `/content/${spanishEntry._id}?lng=es`, headers: {}, canonical: `?lng=es` },
      { path: `/content/${spanishEntry._id}`, headers: { cookie: 'other=1; jerga-lng=es' }, canonical: '' },
      { path: `/content/${spanishEntry._id}`, headers: { 'accept-language': 'fr;q=1, es-AR;q=0.8, en;q=0.5' }, canonical: '' },
    ];
    for (const reader of readers) {
      const { status, html } = await page(reader.path, reader.headers);
      expect(status, reader.path).toBe(200);
      expect(html).toContain('<html lang="es">');
      expect(found(html, /<title>([^<]*)<\/title>/)).toBe(`${spanishEntry.title} — un buen amigo (Argentina) | Jerga`);
      expect(metaOf(html, 'property', 'og:locale')).toBe('es_ES');
      expect(metaOf(html, 'property', 'og:image')).toMatch(/\/card\.png\?lng=es$/);
      expect(linkOf(html, 'canonical')).toBe(`${stack().webUrl}/content/${spanishEntry._id}${reader.canonical}`);
      expect(html).toContain('<dd class="entry-detail__description"><span lang="es">un buen amigo</span></dd>');
    }
    // ?lng= wins over the cookie; an English reader of a Spanish-meaning entry reads English.
    const english = await page(`/content/${spanishEntry._id}?lng=en`, { cookie: 'jerga-lng=es' });
    expect(found(english.html, /<title>([^<]*)<\/title>/)).toBe(`${spanishEntry.title} — a good friend (Argentina) | Jerga`);
  });

  it('passes a link-preview check in English and in Spanish (the tags a chat app reads)', async () => {
    for (const [lng, locale, description] of [
      ['en', 'en_US', 'a good friend'],
      ['es', 'es_ES', 'un buen amigo'],
    ] as const) {
      const url = `${stack().webUrl}/content/${spanishEntry._id}?lng=${lng}`;
      // (The test server is on localhost: a name without a dot, which the scraper refuses by default.)
      const { error, result } = await ogs({ url, urlValidatorSettings: { ...LINK_CHECK_URLS } });
      expect(error, lng).toBe(false);
      expect(result.ogTitle).toContain(spanishEntry.title);
      expect(result.ogDescription).toBe(description);
      expect(result.ogUrl).toBe(url);
      expect(result.ogLocale).toBe(locale);
      expect(result.ogImage?.[0]?.url).toBe(`${stack().webUrl}/content/${spanishEntry._id}/card.png?lng=${lng}`);
      expect(result.twitterCard).toBe('summary_large_image');
    }
  });

  it('answers 404 with the not-found page and noindex for an unknown, malformed, deleted or hidden entry', async () => {
    const deleted = await addEntry();
    await adminSql()`delete from public.entries where id = ${deleted._id}`;
    const hidden = await addEntry();
    await adminSql()`update public.entries set moderation = 'held' where id = ${hidden._id}`;
    expect((await api(`/content/getContentById/${hidden._id}`)).status).toBe(404);
    for (const id of [randomUUID(), 'not-an-id', '%E0%A4%A', 'x'.repeat(5000), deleted._id, hidden._id]) {
      const { status, headers, html } = await page(`/content/${id}`);
      expect(status, id.slice(0, 40)).toBe(404);
      expect(headers.get('x-robots-tag')).toBe('noindex');
      expect(html).toContain('<meta name="robots" content="noindex" />');
      expect(html).toContain('<h1 class="state-panel__title">Page not found</h1>');
      expect(html).not.toContain(SERVED_READ_ID);
    }
  });

  it('shows markup in an entry as text, in the head and in the body (XSS)', async () => {
    const attack = '</script><script>alert(1)</script><img src=x onerror=alert(2)>"\'&';
    const evil = await addEntry({ title: `x${unique()} ${attack}`, description: `d ${attack}`, descriptionEs: `e ${attack}`, exampleSentence: `s ${attack}`, author: `a ${attack}` });
    for (const lng of ['en', 'es']) {
      const { status, html } = await page(`/content/${evil._id}?lng=${lng}`);
      expect(status).toBe(200);
      expect(html).not.toContain('<script>alert(1)');
      expect(html).not.toContain('<img src=x');
      // Each place holds the words themselves once decoded.
      expect(decoded(found(html, /<title>([^<]*)<\/title>/))).toContain(evil.title);
      expect(decoded(metaOf(html, 'property', 'og:description'))).toBe(lng === 'es' ? `e ${attack}` : `d ${attack}`);
      expect(decoded(found(html, /<h1 class="entry-detail__title">([^<]*)<\/h1>/))).toBe(evil.title);
      expect(jsonBlock(html, 'application/ld+json').name).toBe(evil.title);
      expect((jsonBlock(html, 'application/json', SERVED_READ_ID).body as Entry).title).toBe(evil.title);
      // The scripts of the page are only the build's own (and the JSON blocks, never run).
      const scripts = [...html.matchAll(/<script([^>]*)>/g)].map((match) => match[1]);
      for (const attributes of scripts) expect(attributes).toMatch(/type="(module|application\/json|application\/ld\+json)"/);
    }
  });
});

describe('country, comparison and home pages', () => {
  it('lists a country’s entries as links under its heading; other cases redirect, unknown codes are 404', async () => {
    const { status, html } = await page('/country/MX');
    expect(status).toBe(200);
    expect(found(html, /<title>([^<]*)<\/title>/)).toBe('Mexican Spanish slang — Jerga');
    expect(html).toContain('<h1 class="hero__title">Mexican Spanish slang</h1>');
    expect(html).toContain(`<a href="/content/${entry._id}" class="entry-card__link">${entry.title}</a>`);
    expect(html).not.toContain(spanishEntry.title);
    expect(linkOf(html, 'canonical')).toBe(`${stack().webUrl}/country/MX`);
    // The read it was drawn from, under the path the app asks for it (its first render).
    const read = jsonBlock(html, 'application/json', SERVED_READ_ID) as { path: string; body: { data: Entry[] } };
    expect(read.path).toBe('/content/getContentsSortedByVoteDesc?countries=MX&limit=24');
    expect(read.body).toEqual((await api('/content/getContentsSortedByVoteDesc?countries=MX&limit=24', { method: 'GET' })).body);
    const spanish = await page('/country/MX?lng=es');
    expect(spanish.html).toContain('<h1 class="hero__title">Jerga de México</h1>');

    const lower = await page('/country/mx?lng=es');
    expect(lower.status).toBe(301);
    expect(lower.headers.get('location')).toBe('/country/MX?lng=es');
    for (const unknown of ['/country/XX', '/country/MEX', '/country/']) {
      const reply = await page(unknown);
      expect([404, 301], unknown).toContain(reply.status);
      if (reply.status === 404) expect(reply.html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('holds a comparison group’s table, its members linking to their pages', async () => {
    const linker = await createUser({ name: 'Lina Linker' });
    const [pibe, chaval] = [await addEntry({ description: 'a kid', descriptionEs: 'un chico', country: 'AR' }), await addEntry({ description: 'a kid, a lad', country: 'ES' })];
    const linked = await api('/content/linkVariant', { body: { contentId: pibe._id, variantId: chaval._id }, token: linker.token });
    expect(linked.status).toBe(201);
    expect((await api('/vote/addVote', { body: { contentId: chaval._id, voteType: 'upvote' }, token: linker.token })).status).toBe(201);
    const [{ concept_id: groupId }] = await adminSql()`select concept_id from public.concept_members where entry_id = ${pibe._id}`;
    const { status, html } = await page(`/compare/${groupId}`);
    expect(status).toBe(200);
    expect(html).toContain('<table class="concept-group">');
    for (const member of [pibe, chaval]) expect(html).toContain(`<a href="/content/${member._id}" lang="es">${member.title}</a>`);
    // The best-voted member's meaning names the group.
    expect(html).toContain('<h1 class="hero__title">How to say “a kid, a lad” across countries</h1>');
    expect(linkOf(html, 'canonical')).toBe(`${stack().webUrl}/compare/${groupId}`);
    // The read it was drawn from, under the path the app asks for it (its first render).
    const read = jsonBlock(html, 'application/json', SERVED_READ_ID) as { path: string; body: { data: { groupId: string } } };
    expect(read.path).toBe(`/concept/${groupId}`);
    expect(read.body.data.groupId).toBe(groupId);
    const spanish = await page(`/compare/${groupId}?lng=es`);
    expect(spanish.html).toContain('<span lang="es">un chico</span>');
  });

  it('answers 404 for a comparison group nobody can see', async () => {
    for (const id of [randomUUID(), 'not-a-group']) {
      const reply = await page(`/compare/${id}`);
      expect(reply.status).toBe(404);
      expect(reply.headers.get('x-robots-tag')).toBe('noindex');
    }
  });

  it('holds the home page’s first entries and every country page as links', async () => {
    const { status, html } = await page('/');
    expect(status).toBe(200);
    expect(html).toContain('<h1 class="hero__title">Learn Spanish as it is really spoken</h1>');
    expect([...html.matchAll(/class="entry-card__link"/g)].length).toBeGreaterThan(0);
    expect(html).toContain('<a class="country-links__link" href="/country/MX">Mexico</a>');
    expect([...html.matchAll(/href="\/country\/[A-Z]{2}"/g)].length).toBe(21);
    expect(html).not.toContain('name="robots"');
    // The app's first render around the grid: the empty search, the word of the day loading,
    // the order on Top; and the read the grid was drawn from, under the app's own path.
    expect(html).toContain('<form class="search-bar" role="search">');
    expect(html).toContain('placeholder="Search words and phrases..."');
    expect(html).toContain('<div class="word-of-the-day__skeleton" role="status">');
    expect(html).toMatch(/<input type="radio" name="entry-sort" value="top" class="sort-switch__input" checked>/);
    const read = jsonBlock(html, 'application/json', SERVED_READ_ID) as { path: string; body: { data: Entry[] } };
    expect(read.path).toBe('/content/getContentsSortedByVoteDesc?limit=24');
    expect(read.body.data.map((listed) => listed._id)).toEqual([...html.matchAll(/href="\/content\/([^"]+)" class="entry-card__link"/g)].map((match) => match[1]));
  });

  it('leaves a search, a filter or the newest-first order to the app: its shell, no frame of the default grid, noindex', async () => {
    for (const query of ['?q=chamba', '?countries=MX', '?tags=x', '?sort=new', '?q=chamba&sort=new']) {
      const { status, headers, html } = await page(`/${query}`);
      expect(status, query).toBe(200);
      expect(headers.get('x-robots-tag'), query).toBe('noindex');
      expect(html, query).toContain('<div id="root">');
      expect(html, query).not.toContain('class="entry-card__link"');
      expect(html, query).not.toContain(`id="${SERVED_READ_ID}"`);
    }
    // Top named outright is the default grid.
    expect((await page('/?sort=top')).html).toContain(`id="${SERVED_READ_ID}"`);
  });
});

describe('status codes and indexing', () => {
  it('serves a learner’s pages and the forms as the app shell with noindex, other pages without', async () => {
    for (const path of ['/flashcards', '/flashcards/cards', '/account', '/admin', '/chat', '/notifications', '/login', '/register', '/forgot-password', '/reset-password', '/addContent', `/editContent/${entry._id}`]) {
      const { status, headers, html } = await page(path);
      expect(status, path).toBe(200);
      expect(headers.get('x-robots-tag'), path).toBe('noindex');
      expect(html, path).toContain('<meta name="robots" content="noindex" />');
      expect(html, path).toContain('<div id="root">');
    }
    for (const path of ['/compare', `/users/${randomUUID()}`]) {
      const { status, headers } = await page(path);
      expect(status, path).toBe(200);
      expect(headers.get('x-robots-tag'), path).toBeNull();
    }
  });

  it('answers 404 with the not-found page for an unknown route, and 301 to drop a trailing slash', async () => {
    const unknown = await page('/no-such-page/at-all');
    expect(unknown.status).toBe(404);
    expect(unknown.html).toContain('<h1 class="state-panel__title">Page not found</h1>');
    expect(unknown.html).toContain('<meta name="robots" content="noindex" />');
    const slash = await page(`/content/${entry._id}/?lng=es`);
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe(`/content/${entry._id}?lng=es`);
  });

  it('answers 503 with the app shell when the /api cannot be read', async () => {
    // A web server whose gateway is not there (nothing listens on port 1).
    const down = await startWeb({ port: 0, host: '127.0.0.1', apiUrl: 'http://127.0.0.1:1', distDir: defaultDistDir });
    try {
      for (const path of ['/', `/content/${entry._id}`, '/country/MX', `/compare/${randomUUID()}`]) {
        const response = await fetch(`${down.url}${path}`);
        const html = await response.text();
        expect(response.status, path).toBe(503);
        expect(response.headers.get('retry-after')).toBe('30');
        expect(html).toContain('<div id="root">');
        expect(html).toContain('Jerga is not available right now');
      }
    } finally {
      await down.close();
    }
  });
});
