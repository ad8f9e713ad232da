/**
 * The first script to run, built as an entry of its own and importing nothing, so it arrives
 * at once. While the app's code downloads it starts what the opened page needs next:
 * - the page's chunks (modulepreload: fetched only; the router's `lazy` evaluates them);
 * - for a guest, the page's first /api read (`firstRead` in page-paths.ts), handed to the
 *   app's first identical request (`takeFirstRead` in src/lib/first-read.ts).
 * The build writes the pages, in the router's order, into index.html as
 * [path pattern, chunks, first read] (`jerga:preload-page` in vite.config.ts; the patterns
 * from `pathPattern` in page-paths.ts, the read as a full URL with `:param`s).
 */

/** The id of the JSON block in index.html with each page's path pattern, chunks and first read. */
export const PAGE_CHUNKS_ID = 'page-chunks';

type PageEntry = [pattern: string, chunks: string[], firstRead?: string];

/** Whether a Supabase session may be stored (then the app reads as the learner, not as a guest). */
function mayHaveSession(storage: Storage | undefined): boolean {
  try {
    return Object.keys(storage ?? {}).some((key) => /^sb-.+-auth-token$/.test(key));
  } catch {
    return true; // storage blocked: leave it to the app
  }
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

/** Preloads the chunks of the page `pathname` opens and, for a guest, starts its first read. */
export function preloadPage(win: Window, pathname: string): void {
  for (const [pattern, chunks, firstRead] of pagesOf(win.document)) {
    const match = new RegExp(pattern, 'i').exec(pathname);
    if (!match) continue;
    preloadChunks(win.document, chunks);
    const url = firstRead && !mayHaveSession(win.localStorage) ? readUrl(firstRead, match.groups ?? {}) : null;
    if (url) {
      // No cookies: a guest's read, whatever a cookie session of the /api says.
      const response = win.fetch(url, { credentials: 'omit' });
      response.catch(() => undefined); // the app's request reports a failure, if it ever asks
      win.jergaFirstRead = { url, response };
    }
    return;
  }
}

// (The build reads PAGE_CHUNKS_ID from this file in Node, where there is no window.)
if (typeof window !== 'undefined') preloadPage(window, window.location.pathname);
