import { Hono, type Context } from 'hono';
import type { ConceptGroupReply } from '../contract/concepts.ts';
import type { EntryDetail, EntryListReply } from '../contract/entries.ts';
import { createCardResponder } from './card.ts';
import { alternateLinks, definedTerm, pageUrls, previewTags } from './head.ts';
import { html, jsonBlock, renderDocument, type PageParts } from './html.ts';
import { LANGUAGE_HEADERS, readerLanguage } from './language.ts';
import { compareMarkup, countryMarkup, homeMarkup, notFoundMarkup, unavailableMarkup } from './list-markup.ts';
import { entryMarkup } from './entry-markup.ts';
import { countryName, isCountryCode, meaningText, t, type DrawContext } from './parts.ts';
import { shellPageOf } from './shell-pages.ts';
import { robotsResponse, sitemapResponse } from './sitemap.ts';
import { text } from './strings.ts';

/**
 * Reads the /api as a guest: `path` relative to the /api (`/content/getContentById/<id>`),
 * sent with no cookie and no user token (only the anon key where the host needs one).
 */
export type GuestApi = (path: string) => Promise<Response>;

export interface PagesOptions {
  api: GuestApi;
  /** The build's index.html (read once by the host). */
  shell: () => Promise<string>;
  /** Where the site is reached, for absolute URLs; default the origin each request came to. */
  siteUrl?: string;
  /** A flag's file in the build (`/assets/MX-….svg`); without it a flag is an empty box of its size. */
  flagUrl?: (code: string) => string | undefined;
}

/** The id of the JSON block holding the /api reply an entry page was drawn from (src/preload-page.ts's SERVED_READ_ID). */
export const SERVED_READ_ID = 'served-read';

/**
 * How many of a country's entries its page lists (best-voted first): the app's first page of
 * them, so the list neither grows nor shrinks when the app takes over. The read's path is the
 * app's own (src/page-paths.ts), so a cache between them serves both.
 */
export const COUNTRY_PAGE_ENTRIES = 24;
/** The home grid's first page (src/features/entries/api/get-entries.ts ENTRY_PAGE_SIZE). */
export const HOME_PAGE_ENTRIES = 24;

/** Paths that look like files but are this app's: an entry's preview card, the sitemap, robots.txt. */
export const PAGE_FILES: readonly RegExp[] = [/^\/content\/[^/]+\/card\.png$/, /^\/sitemap\.xml$/, /^\/sitemap\/[^/]+$/, /^\/robots\.txt$/];

/** Whether a request for `pathname` is this app's (every path that names no file, and PAGE_FILES). */
export function servesPath(pathname: string): boolean {
  const file = pathname.startsWith('/assets/') || /\.[^/]+$/.test(pathname);
  return !file || PAGE_FILES.some((pattern) => pattern.test(pathname));
}

type Read<T> = { state: 'found'; body: T } | { state: 'missing' } | { state: 'down' };

/** A guest's read: found, missing (any 4xx but 429: unknown, malformed, hidden), or down. */
async function read<T>(api: GuestApi, path: string): Promise<Read<T>> {
  try {
    const response = await api(path);
    if (response.ok) return { state: 'found', body: (await response.json()) as T };
    await response.body?.cancel();
    return response.status >= 400 && response.status < 500 && response.status !== 429 ? { state: 'missing' } : { state: 'down' };
  } catch {
    return { state: 'down' };
  }
}

interface Reader {
  context: DrawContext;
  /** The URL chose the language (`?lng=`): the page is that language's own address. */
  chosen: boolean;
  siteUrl: string;
}

/** Whether `/`'s query asks for a list other than the default grid (src/app/routes/home-page.tsx's rule). */
function listsOtherThanDefault(params: URLSearchParams): boolean {
  return ['q', 'countries', 'tags'].some((name) => params.has(name)) || params.get('sort') === 'new';
}

/**
 * The server-rendered pages (issue 33): entries, countries, comparisons and home with their
 * own HTML, status and head tags; the app's other pages as its shell (noindex where only a
 * learner has anything to see); everything else the app's not-found page with a 404.
 */
export function createPagesApp(options: PagesOptions): Hono {
  const { api, shell } = options;
  const flagUrl = options.flagUrl ?? (() => undefined);
  const app = new Hono();

  const readerOf = (c: Context): Reader => {
    const { language, chosen } = readerLanguage(c.req.raw);
    return { context: { language, flagUrl }, chosen, siteUrl: options.siteUrl ?? new URL(c.req.url).origin };
  };

  const page = async (c: Context, status: 200 | 404 | 503, parts: PageParts) => {
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Language': parts.language,
      // Drawn from live data (votes, edits, moderation): asked for again each time.
      'Cache-Control': 'no-cache',
      Vary: LANGUAGE_HEADERS,
    };
    if (parts.noindex) headers['X-Robots-Tag'] = 'noindex';
    if (status === 503) headers['Retry-After'] = '30';
    return c.body(renderDocument(await shell(), parts), status, headers);
  };
  const notFound = (c: Context, { context }: Reader) =>
    page(c, 404, { language: context.language, title: t(context, 'errors.notFoundTitle'), body: notFoundMarkup(context), noindex: true });
  const unavailable = (c: Context, { context }: Reader) =>
    page(c, 503, { language: context.language, title: t(context, 'pages.unavailableTitle'), body: unavailableMarkup(context), noindex: true });

  app.get('/content/:id', async (c) => {
    const reader = readerOf(c);
    const { context } = reader;
    const id = c.req.param('id');
    const path = `/content/getContentById/${encodeURIComponent(id)}`;
    const found = await read<EntryDetail>(api, path);
    if (found.state === 'down') return unavailable(c, reader);
    // A guest is never shown a hidden entry (the /api answers 404); `show` checked as well.
    if (found.state === 'missing' || found.body.show === false || found.body.moderation) return notFound(c, reader);
    const entry = found.body;
    const urls = pageUrls(reader.siteUrl, `/content/${encodeURIComponent(entry._id)}`, context.language, reader.chosen);
    const description = meaningText(context.language, entry);
    const country = countryName(context, entry.country);
    const title = t(context, 'seo.entryTitle', { title: entry.title, meaning: description, country });
    const image = new URL(`/content/${encodeURIComponent(entry._id)}/card.png?lng=${context.language === 'es' ? 'es' : 'en'}`, reader.siteUrl).href;
    const head = [
      alternateLinks(urls),
      previewTags({ title, description, urls, language: context.language, image, type: 'article' }),
      definedTerm(entry, description, urls, new URL(`/country/${entry.country}`, reader.siteUrl).href),
      // The reply the page was drawn from: the app's first read (src/lib/first-read.ts).
      jsonBlock('application/json', { path, body: entry }, SERVED_READ_ID),
    ];
    return page(c, 200, { language: context.language, title, description, head: { markup: head.map((part) => part.markup).join('') }, body: entryMarkup(context, entry) });
  });

  app.get('/country/:code', async (c) => {
    const reader = readerOf(c);
    const { context } = reader;
    const code = c.req.param('code');
    const upper = code.toUpperCase();
    if (!isCountryCode(upper)) return notFound(c, reader);
    if (upper !== code) {
      const url = new URL(c.req.url);
      return c.redirect(`/country/${upper}${url.search}`, 301);
    }
    const path = `/content/getContentsSortedByVoteDesc?countries=${upper}&limit=${COUNTRY_PAGE_ENTRIES}`;
    const found = await read<EntryListReply>(api, path);
    if (found.state !== 'found') return unavailable(c, reader);
    const heading = t(context, `countryPage.heading.${upper}`);
    const title = t(context, 'countryPage.documentTitle', { heading });
    const description = t(context, 'countryPage.intro', { country: countryName(context, upper) });
    const urls = pageUrls(reader.siteUrl, `/country/${upper}`, context.language, reader.chosen);
    const head = html`${alternateLinks(urls)}${previewTags({ title, description, urls, language: context.language })}${jsonBlock('application/json', { path, body: found.body }, SERVED_READ_ID)}`;
    return page(c, 200, { language: context.language, title, description, head, body: countryMarkup(context, upper, found.body) });
  });

  app.get('/compare/:groupId', async (c) => {
    const reader = readerOf(c);
    const { context } = reader;
    const groupId = c.req.param('groupId');
    const path = `/concept/${encodeURIComponent(groupId)}`;
    const found = await read<ConceptGroupReply>(api, path);
    if (found.state === 'down') return unavailable(c, reader);
    const entries = found.state === 'found' ? found.body.data.entries : [];
    if (!entries.length) return notFound(c, reader);
    // The meaning of its best-voted member (the first of equals, in the reply's order).
    const best = entries.reduce((top, entry) => (entry.voteScore > top.voteScore ? entry : top));
    const heading = t(context, 'compareGroup.heading', { meaning: meaningText(context.language, best) });
    const title = t(context, 'compareGroup.documentTitle', { heading });
    const description = t(context, 'compareGroup.intro');
    const urls = pageUrls(reader.siteUrl, `/compare/${encodeURIComponent(found.state === 'found' ? found.body.data.groupId : groupId)}`, context.language, reader.chosen);
    const head = html`${alternateLinks(urls)}${previewTags({ title, description, urls, language: context.language })}${found.state === 'found' && jsonBlock('application/json', { path, body: found.body }, SERVED_READ_ID)}`;
    return page(c, 200, { language: context.language, title, description, head, body: compareMarkup(context, heading, entries) });
  });

  app.get('/', async (c) => {
    const reader = readerOf(c);
    const { context } = reader;
    // A search, a filter or the newest-first order: the app reads and draws that list itself
    // (a frame of the default grid would be replaced at once), and results stay out of search engines.
    if (listsOtherThanDefault(new URL(c.req.url).searchParams)) {
      return page(c, 200, { language: context.language, title: t(context, 'pages.homeTitle'), description: t(context, 'home.subtitle'), noindex: true });
    }
    // The app's first read for the home grid with no filters (src/app/routes/home-page.tsx).
    const path = `/content/getContentsSortedByVoteDesc?limit=${HOME_PAGE_ENTRIES}`;
    const found = await read<EntryListReply>(api, path);
    if (found.state !== 'found') return unavailable(c, reader);
    const title = t(context, 'pages.homeTitle');
    const description = t(context, 'home.subtitle');
    const urls = pageUrls(reader.siteUrl, '/', context.language, reader.chosen);
    const head = html`${alternateLinks(urls)}${previewTags({ title, description, urls, language: context.language })}${jsonBlock('application/json', { path, body: found.body }, SERVED_READ_ID)}`;
    return page(c, 200, { language: context.language, title, description, head, body: homeMarkup(context, found.body) });
  });

  // The entry's preview card (og:image), drawn from what a guest may read of it.
  const card = createCardResponder();
  app.get('/content/:id/card.png', async (c) => {
    const found = await read<EntryDetail>(api, `/content/getContentById/${encodeURIComponent(c.req.param('id'))}`);
    if (found.state === 'down') return c.body(null, 503, { 'Retry-After': '30', 'Cache-Control': 'no-store' });
    if (found.state === 'missing' || found.body.show === false || found.body.moderation) return c.body(null, 404, { 'Cache-Control': 'no-cache' });
    return card(c.req.raw, found.body, readerOf(c).context.language);
  });
  app.get('/robots.txt', (c) => robotsResponse(readerOf(c).siteUrl));
  app.get('/sitemap.xml', async (c, next) => (await sitemapResponse(c.req.raw, api, readerOf(c).siteUrl)) ?? next());
  app.get('/sitemap/*', async (c, next) => (await sitemapResponse(c.req.raw, api, readerOf(c).siteUrl)) ?? next());

  // A fault of this server's own (its shell unreadable): the page cannot be drawn, and the
  // reader is told so in plain words rather than a 500.
  app.onError((error, c) => {
    console.error('pages:', error);
    return c.text(text('en-US', 'pages.unavailableTitle'), 503, { 'Retry-After': '30', 'X-Robots-Tag': 'noindex' });
  });

  app.get('*', (c, next) => {
    const { path } = c.req;
    // A file (the build's, or one missing) is the host's to serve.
    if (!servesPath(path)) return next();
    // One address per page: the app's own routes ignore a trailing slash, the pages' do not.
    if (path.length > 1 && path.endsWith('/')) return c.redirect(`${path.replace(/\/+$/, '') || '/'}${new URL(c.req.url).search}`, 301);
    const reader = readerOf(c);
    const shellPage = shellPageOf(path);
    if (!shellPage) return notFound(c, reader);
    // The app draws these itself; a learner's pages and the forms stay out of search engines.
    return page(c, 200, { language: reader.context.language, title: t(reader.context, 'app.name'), noindex: shellPage.noindex });
  });
  return app;
}
