/**
 * The first script to run, built as an entry of its own and importing nothing, so it arrives
 * at once: it starts the opened page's chunks downloading alongside the app's code, instead of
 * after the app has run and its router asks for them. It only fetches (modulepreload); the
 * router's `lazy` evaluates them as usual. The build writes the pages, in the router's order,
 * into index.html (`jerga:preload-page` in vite.config.ts) as [path, chunks] pairs.
 */

/** The id of the JSON block in index.html with each page's path and chunks. */
export const PAGE_CHUNKS_ID = 'page-chunks';

const segmentsOf = (path: string) => path.toLowerCase().split('/').filter(Boolean);
const segmentMatches = (pattern: string, segment: string | undefined) => segment !== undefined && (pattern.startsWith(':') || pattern === segment);

/**
 * Whether a route path (react-router's syntax, relative to /) matches a URL path as the
 * router would: case-insensitive, `:param` is one segment, `*` the rest, a trailing slash
 * ignored. Only a hint for preloading: the router still decides.
 */
export function routeMatches(path: string, pathname: string): boolean {
  const segments = segmentsOf(pathname);
  const pattern = segmentsOf(path);
  if (pattern.at(-1) !== '*') return pattern.length === segments.length && pattern.every((part, i) => segmentMatches(part, segments[i]));
  return pattern.slice(0, -1).every((part, i) => segmentMatches(part, segments[i]));
}

/** Adds a modulepreload link for each chunk of the page `pathname` opens. */
export function preloadPage(doc: Document, pathname: string): void {
  const block = doc.getElementById(PAGE_CHUNKS_ID)?.textContent;
  if (!block) return;
  const pages = JSON.parse(block) as [path: string, chunks: string[]][];
  const [, chunks = []] = pages.find(([path]) => routeMatches(path, pathname)) ?? [];
  for (const href of chunks) {
    const link = doc.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    doc.head.append(link);
  }
}

// (The build reads PAGE_CHUNKS_ID from this file in Node, where there is no document.)
if (typeof document !== 'undefined') preloadPage(document, window.location.pathname);
