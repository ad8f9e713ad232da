/**
 * The first script to run, built as an entry of its own and importing nothing, so it arrives
 * at once: it starts the opened page's chunks downloading alongside the app's code, instead of
 * after the app has run and its router asks for them. It only fetches (modulepreload); the
 * router's `lazy` evaluates them as usual. The build writes the pages, in the router's order,
 * into index.html as [path pattern, chunks] pairs (`jerga:preload-page` in vite.config.ts,
 * the patterns from `pathPattern` in page-paths.ts).
 */

/** The id of the JSON block in index.html with each page's path pattern and chunks. */
export const PAGE_CHUNKS_ID = 'page-chunks';

/** Adds a modulepreload link for each chunk of the page `pathname` opens. */
export function preloadPage(doc: Document, pathname: string): void {
  const block = doc.getElementById(PAGE_CHUNKS_ID)?.textContent;
  if (!block) return;
  const pages = JSON.parse(block) as [pattern: string, chunks: string[]][];
  const [, chunks = []] = pages.find(([pattern]) => new RegExp(pattern, 'i').test(pathname)) ?? [];
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
