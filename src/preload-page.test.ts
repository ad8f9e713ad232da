import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { pagePaths, pathPattern } from './page-paths';
import { PAGE_CHUNKS_ID, preloadPage } from './preload-page';

// The router's own tree of these paths (the root layout's children), without their chunks.
const tree: RouteObject[] = [{ path: '/', children: pagePaths.map(({ path, file }) => (path === undefined ? { index: true, id: file } : { path, id: file })) }];
const routerPick = (url: string) => matchRoutes(tree, url)?.at(-1)?.route.id;
const preloadPick = (url: string) => pagePaths.find(({ path }) => new RegExp(pathPattern(path), 'i').test(url))?.file;

describe('the page a URL opens, before the app runs', () => {
  it.each([
    '/',
    '',
    '/content/3f1c2a9e-0000-4000-8000-000000000000',
    '/content/abc/',
    '/CONTENT/abc',
    '/content',
    '/content/abc/extra',
    '/flashcards',
    '/flashcards/',
    '/flashcards/cards',
    '/flashcards/other',
    '/users/u-1',
    '/addContent',
    '/addcontent',
    '/editContent/9',
    '/login',
    '/nowhere/at/all',
    '/admin',
    '/admin.x',
    '/users/a.b',
    '/flashcards/cards/',
  ])('picks the same page as the router for %j', (url) => {
    expect(preloadPick(url)).toBe(routerPick(url || '/'));
  });

  it('names, for every page, a module that exports its component', async () => {
    const modules = import.meta.glob<Record<string, unknown>>('./app/routes/*-page.tsx');
    for (const { file, component } of pagePaths) {
      const load = modules[`./app/routes/${file}.tsx`];
      expect(load, file).toBeTypeOf('function');
      expect((await load())[component], `${file} exports ${component}`).toBeTypeOf('function');
    }
  }, 60_000);
});

describe('preloadPage', () => {
  const documentWith = (pages: unknown) => {
    const doc = document.implementation.createHTMLDocument('t');
    const block = doc.createElement('script');
    block.type = 'application/json';
    block.id = PAGE_CHUNKS_ID;
    block.textContent = JSON.stringify(pages);
    doc.head.append(block);
    return doc;
  };
  const preloaded = (doc: Document) => [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  const pages = [
    [pathPattern(), ['/assets/home.js', '/assets/card.js']],
    [pathPattern('content/:id'), ['/assets/entry.js']],
    [pathPattern('*'), ['/assets/not-found.js']],
  ];

  it('adds a modulepreload link for each chunk of the opened page, and only that page', () => {
    const doc = documentWith(pages);
    preloadPage(doc, '/content/42');
    expect(preloaded(doc)).toEqual(['/assets/entry.js']);
    const home = documentWith(pages);
    preloadPage(home, '/');
    expect(preloaded(home)).toEqual(['/assets/home.js', '/assets/card.js']);
  });

  it('falls through to the catch-all page', () => {
    const doc = documentWith(pages);
    preloadPage(doc, '/no/such/page');
    expect(preloaded(doc)).toEqual(['/assets/not-found.js']);
  });

  it('does nothing without the build’s list (the dev server)', () => {
    const doc = document.implementation.createHTMLDocument('t');
    preloadPage(doc, '/');
    expect(preloaded(doc)).toEqual([]);
  });
});
