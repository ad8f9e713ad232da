/**
 * The first script to run, built as an entry of its own and importing nothing, so it arrives
 * at once. While the app's code downloads it starts what the opened page needs next:
 * - the page's chunks (modulepreload: fetched only; the router's `lazy` evaluates them);
 * - for a guest, the page's first /api read (`firstRead` in page-paths.ts), handed to the
 *   app's first identical request (`takeFirstRead` in src/lib/first-read.ts).
 * - for a guest, the page's first words (`firstWords`), painted into index.html's frame in
 *   the reader's language, so the first paint shows them rather than an empty page.
 * The build writes the pages, in the router's order, into index.html as
 * [path pattern, chunks, first read, first words] (`jerga:preload-page` in vite.config.ts;
 * the patterns from `pathPattern` in page-paths.ts, the read as a full URL with `:param`s,
 * the words as { language: [title, text] } with the app's fallback language first).
 */

/** The id of the JSON block in index.html with each page's path pattern, chunks and first read. */
export const PAGE_CHUNKS_ID = 'page-chunks';

/**
 * The id of the JSON block a page served with its own HTML (supabase/functions/_shared/pages)
 * holds the /api reply it was drawn from in: the app's first read, already here
 * (`takeServedRead` in src/lib/first-read.ts).
 */
export const SERVED_READ_ID = 'served-read';

/** A page's first words in each language the app ships, its fallback language first. */
export type FirstWords = Record<string, [title: string, text: string]>;

type PageEntry = [pattern: string, chunks: string[], firstRead?: string | null, firstWords?: FirstWords];

/** Whether a Supabase session may be stored (then the app reads as the learner, not as a guest). */
function mayHaveSession(win: Window): boolean {
  try {
    return Object.keys(win.localStorage ?? {}).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return true; // storage blocked: leave it to the app
  }
}

/** The key under which the reader's choice of language is kept (in localStorage). */
export const STORED_LANGUAGE = 'i18nextLng';

/**
 * The reader's language among `languages` (the first is the fallback): ?lng=, else the
 * stored choice, else the first of the browser's languages the app ships; en-GB counts as
 * en-US and es-AR as es. The app's i18next detector (src/i18n/index.ts) is this function,
 * so the first paint and the app always agree.
 */
export function readerLanguage(win: Window, languages: readonly string[]): string {
  const read = <T>(get: () => T): T | undefined => {
    try {
      return get();
    } catch {
      return undefined; // storage blocked: the next place to look
    }
  };
  const candidates = [
    read(() => new URLSearchParams(win.location.search).get('lng')),
    read(() => win.localStorage.getItem(STORED_LANGUAGE)),
    ...(read(() => win.navigator.languages) ?? []),
  ];
  for (const candidate of candidates) {
    const code = /^(en|es)(?:-|$)/i.exec(candidate ?? '')?.[1].toLowerCase();
    const language = code === 'en' ? 'en-US' : code;
    if (language && languages.includes(language)) return language;
  }
  return languages[0];
}

/**
 * The page's first words in index.html's frame (its empty <main>), as the page itself draws
 * them (its hero), so they are there at the first paint and the app puts them back in the
 * same place (e2e first-impressions compares the two).
 */
function paintFirstWords(win: Window, words: FirstWords): void {
  const doc = win.document;
  const main = doc.querySelector('#root main');
  const languages = Object.keys(words);
  if (!main || main.childElementCount || !languages.length) return;
  const language = readerLanguage(win, languages);
  const [title, text] = words[language];
  const element = (tag: string, className: string, ...children: (Node | string)[]) => {
    const made = doc.createElement(tag);
    made.className = className;
    made.append(...children);
    return made;
  };
  doc.documentElement.lang = language;
  main.append(element('div', 'page', element('header', 'hero', element('h1', 'hero__title', title), element('p', 'hero__text', text))));
}

/** The read's URL with the path's parameters in place, encoded as the app encodes them; null if one is malformed. */
function readUrl(template: string, params: Record<string, string>): string | null {
  try {
    return template.replace(/:(\w+)/g, (_, name: string) => encodeURIComponent(decodeURIComponent(params[name] ?? '')));
  } catch {
    return null;
  }
}

/** The build's list, read once per document; empty without it (the dev server). */
const listed = new WeakMap<Document, PageEntry[]>();
function pagesOf(doc: Document): PageEntry[] {
  let pages = listed.get(doc);
  if (!pages) {
    pages = JSON.parse(doc.getElementById(PAGE_CHUNKS_ID)?.textContent || '[]') as PageEntry[];
    listed.set(doc, pages);
  }
  return pages;
}

/** A modulepreload link for each chunk not linked yet (the browser fetches each once anyway). */
function preloadChunks(doc: Document, chunks: string[]): void {
  for (const href of chunks) {
    if (doc.head.querySelector(`link[rel="modulepreload"][href="${href}"]`)) continue;
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = ''; // as the app's own scripts: one fetch serves both
    link.href = href;
    doc.head.append(link);
  }
}

/**
 * For the router, as it opens page number `index` (in page-paths.ts's order): its chunks all
 * at once, rather than each import found only when the one before it has arrived.
 */
export function preloadPageChunks(index: number, doc: Document = document): void {
  preloadChunks(doc, pagesOf(doc)[index]?.[1] ?? []);
}

/**
 * Preloads the chunks of the page `pathname` opens and, for a guest, starts its first read
 * and paints its first words.
 */
export function preloadPage(win: Window, pathname: string): void {
  for (const [pattern, chunks, firstRead, firstWords] of pagesOf(win.document)) {
    const match = new RegExp(pattern, 'i').exec(pathname);
    if (!match) continue;
    const guest = !mayHaveSession(win);
    // (A learner's page may open differently: their header has more in it.)
    if (guest && firstWords) paintFirstWords(win, firstWords);
    // The read first: the server's answer takes longer than any chunk.
    // (None to send when the server drew the page and sent its read with it.)
    const served = win.document.getElementById(SERVED_READ_ID) !== null;
    const url = firstRead && guest && !served ? readUrl(firstRead, match.groups ?? {}) : null;
    if (url) {
      // No cookies: a guest's read, whatever a cookie session of the /api says.
      const response = win.fetch(url, { credentials: 'omit' });
      response.catch(() => undefined); // the app's request reports a failure, if it ever asks
      win.jergaFirstRead = { url, response };
    }
    preloadChunks(win.document, chunks);
    return;
  }
}

// (The build reads PAGE_CHUNKS_ID from this file in Node, where there is no window.)
if (typeof window !== 'undefined') preloadPage(window, window.location.pathname);
