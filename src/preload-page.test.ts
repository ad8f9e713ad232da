import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { pagePaths, pathPattern } from './page-paths';
import { PAGE_CHUNKS_ID, preloadPage, preloadPageChunks, readerLanguage, SERVED_READ_ID, STORED_LANGUAGE } from './preload-page';

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

/** A document with the build's JSON block of pages in its head. */
const documentWith = (pages: unknown) => {
  const doc = document.implementation.createHTMLDocument('t');
  const block = doc.createElement('script');
  block.type = 'application/json';
  block.id = PAGE_CHUNKS_ID;
  block.textContent = JSON.stringify(pages);
  doc.head.append(block);
  return doc;
};

describe('preloadPage', () => {
  /** A window around `doc`, with its own storage and a fetch that records what it was asked. */
  const windowWith = (doc: Document, stored: Record<string, string> = {}) => {
    const fetch = vi.fn((_url: string, _init?: RequestInit) => Promise.resolve(new Response('{}')));
    return { document: doc, localStorage: { ...stored } as unknown as Storage, fetch } as unknown as Window & { fetch: typeof fetch };
  };
  const preloaded = (doc: Document) => [...doc.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));
  const pages = [
    [pathPattern(), ['/assets/home.js', '/assets/card.js']],
    [pathPattern('content/:id'), ['/assets/entry.js'], '/api/content/getContentById/:id'],
    [pathPattern('*'), ['/assets/not-found.js']],
  ];

  it('adds a modulepreload link for each chunk of the opened page, and only that page', () => {
    const doc = documentWith(pages);
    preloadPage(windowWith(doc), '/content/42');
    expect(preloaded(doc)).toEqual(['/assets/entry.js']);
    const home = documentWith(pages);
    preloadPage(windowWith(home), '/');
    expect(preloaded(home)).toEqual(['/assets/home.js', '/assets/card.js']);
  });

  it('falls through to the catch-all page', () => {
    const doc = documentWith(pages);
    preloadPage(windowWith(doc), '/no/such/page');
    expect(preloaded(doc)).toEqual(['/assets/not-found.js']);
  });

  it('does nothing without the build’s list (the dev server)', () => {
    const doc = document.implementation.createHTMLDocument('t');
    const win = windowWith(doc);
    preloadPage(win, '/content/42');
    expect(preloaded(doc)).toEqual([]);
    expect(win.fetch).not.toHaveBeenCalled();
  });

  it('sends a guest’s first read, without cookies, its parameter encoded as the app encodes it', async () => {
    const win = windowWith(documentWith(pages));
    preloadPage(win, '/content/caf%C3%A9%20con%20leche');
    expect(win.fetch).toHaveBeenCalledTimes(1);
    const [url, init] = win.fetch.mock.calls[0];
    expect(url).toBe(`/api/content/getContentById/${encodeURIComponent('café con leche')}`);
    expect(init?.credentials).toBe('omit');
    expect(win.jergaFirstRead?.url).toBe(url);
    expect(await (await win.jergaFirstRead!.response).json()).toEqual({});
  });

  it('sends no read when the page came with its own (drawn by the server), but still preloads its chunks', () => {
    const doc = documentWith(pages);
    const served = doc.createElement('script');
    served.type = 'application/json';
    served.id = SERVED_READ_ID;
    served.textContent = '{"path":"/content/getContentById/42","body":{}}';
    doc.head.append(served);
    const win = windowWith(doc);
    preloadPage(win, '/content/42');
    expect(win.fetch).not.toHaveBeenCalled();
    expect(win.jergaFirstRead).toBeUndefined();
    expect(preloaded(doc)).toEqual(['/assets/entry.js']);
  });

  it('sends no read for a learner who may be signed in, for a page without one, or for a malformed parameter', () => {
    for (const [stored, path] of [
      [{ 'sb-127-auth-token': '{}' }, '/content/42'],
      [{}, '/'],
      [{}, '/content/%E0%A4%A'],
    ] as const) {
      const win = windowWith(documentWith(pages), stored);
      preloadPage(win, path);
      expect(win.fetch, path).not.toHaveBeenCalled();
      expect(win.jergaFirstRead, path).toBeUndefined();
    }
  });

  it('preloads a page’s chunks by its place in the list as the router opens it, each chunk once', () => {
    const doc = documentWith(pages);
    preloadPageChunks(1, doc);
    preloadPageChunks(1, doc);
    preloadPageChunks(0, doc);
    preloadPageChunks(7, doc);
    expect(preloaded(doc)).toEqual(['/assets/entry.js', '/assets/home.js', '/assets/card.js']);
  });
});

describe('readerLanguage', () => {
  const languages = ['en-US', 'es'];
  /** A window with this address, stored choice and browser languages. */
  const reader = ({ search = '', stored, browser = [] }: { search?: string; stored?: string; browser?: string[] }) =>
    ({
      location: { search },
      localStorage: { getItem: (key: string) => (key === STORED_LANGUAGE ? (stored ?? null) : null) },
      navigator: { languages: browser },
    }) as unknown as Window;

  it.each([
    [{ search: '?lng=es', stored: 'en-US', browser: ['en-GB'] }, 'es'],
    [{ search: '?lng=EN', stored: 'es' }, 'en-US'],
    [{ search: '?lng=fr', stored: 'es' }, 'es'],
    [{ stored: 'es', browser: ['en-US'] }, 'es'],
    [{ stored: 'de', browser: ['fr-FR', 'es-AR', 'en-US'] }, 'es'],
    [{ browser: ['en-GB', 'es'] }, 'en-US'],
    [{ browser: ['es-419'] }, 'es'],
    [{ browser: ['fr', 'pt-BR'] }, 'en-US'],
    [{ browser: ['english', 'estonian'] }, 'en-US'],
    [{}, 'en-US'],
  ])('picks as the app does for %j', (where, expected) => {
    expect(readerLanguage(reader(where), languages)).toBe(expected);
  });

  it('skips storage it may not read', () => {
    const blocked = {
      location: { search: '' },
      get localStorage(): Storage {
        throw new DOMException('blocked', 'SecurityError');
      },
      navigator: { languages: ['es-MX'] },
    } as unknown as Window;
    expect(readerLanguage(blocked, languages)).toBe('es');
  });
});

describe('a guest’s first words', () => {
  const words = { 'en-US': ['Learn Spanish', 'Words from 21 countries.'], es: ['Aprende español', 'Palabras de 21 países.'] };
  const pages = [[pathPattern(), ['/assets/home.js'], null, words], [pathPattern('*'), ['/assets/not-found.js']]];
  /** index.html's frame: the JSON block and an empty <main> under #root. */
  const frame = () => {
    const doc = documentWith(pages);
    doc.body.innerHTML = '<div id="root"><div class="app"><header class="site-header"></header><main class="app__main"></main></div></div>';
    return doc;
  };
  const visit = (doc: Document, pathname: string, stored: Record<string, string> = {}, search = '') =>
    preloadPage({ document: doc, location: { search }, localStorage: { ...stored, getItem: (key: string) => stored[key] ?? null }, navigator: { languages: ['en-US'] }, fetch: vi.fn() } as unknown as Window, pathname);
  const hero = (doc: Document) => doc.querySelector('#root main > .page > header.hero');

  it('paints the page’s title and line into the frame, in the reader’s language', () => {
    const doc = frame();
    visit(doc, '/', {}, '?lng=es');
    expect(hero(doc)?.querySelector('h1.hero__title')?.textContent).toBe('Aprende español');
    expect(hero(doc)?.querySelector('p.hero__text')?.textContent).toBe('Palabras de 21 países.');
    expect(doc.documentElement.lang).toBe('es');
    const english = frame();
    visit(english, '/');
    expect(hero(english)?.querySelector('h1')?.textContent).toBe('Learn Spanish');
  });

  it('paints nothing on a page without first words, for a learner who may be signed in, or twice', () => {
    const other = frame();
    visit(other, '/somewhere');
    expect(other.querySelector('#root main')?.childElementCount).toBe(0);
    const learner = frame();
    visit(learner, '/', { 'sb-127-auth-token': '{}' });
    expect(hero(learner)).toBeNull();
    const twice = frame();
    visit(twice, '/');
    visit(twice, '/');
    expect(twice.querySelectorAll('#root main > .page')).toHaveLength(1);
  });

  it('writes text, never markup', () => {
    const doc = frame();
    const block = doc.getElementById(PAGE_CHUNKS_ID)!;
    block.textContent = JSON.stringify([[pathPattern(), [], null, { 'en-US': ['<img src=x onerror=alert(1)>', 'b'] }]]);
    visit(doc, '/');
    expect(doc.querySelector('img')).toBeNull();
    expect(hero(doc)?.querySelector('h1')?.textContent).toBe('<img src=x onerror=alert(1)>');
  });
});
