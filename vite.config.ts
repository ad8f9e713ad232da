/// <reference types="vitest/config" />
import path from 'node:path';
import type { CodeSplittingGroup, OutputBundle } from 'rolldown';
import { defineConfig, type Connect, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import enUS from './src/i18n/locales/en-US.json' with { type: 'json' };
import es from './src/i18n/locales/es.json' with { type: 'json' };
import { apiUrlOf } from './src/lib/api-url.ts';
import { pagePaths, pathPattern } from './src/page-paths.ts';
import { PAGE_CHUNKS_ID } from './src/preload-page.ts';
import { fullyDecodedPath } from './stack/decode-path.ts';

// Same origin, as under `npm start` (stack/web.ts): the dev server proxies the API paths to
// the local stack (or whatever JERGA_API_PORT names), so the browser only talks to the page's
// own origin. xfwd: the gateway's per-address limits must see the browser's address, not Vite's.
const apiTarget = `http://127.0.0.1:${process.env.JERGA_API_PORT ?? 54321}`;
const toGateway = { target: apiTarget, changeOrigin: false, xfwd: true };
const apiProxy = {
  '/api': toGateway,
  '/auth/v1': toGateway,
  '/functions/v1': toGateway,
  '/realtime/v1': { ...toGateway, ws: true },
  // Uploads and downloads stream through; Range requests and their 206 replies pass as they are.
  '/storage/v1': toGateway,
};

/** True when a request path names a `.jerga` folder, however it is percent-encoded or cased. */
function namesPrivateFolder(url: string): boolean {
  const pathname = fullyDecodedPath(url.split(/[?#]/)[0]);
  return pathname.split(/[/\\]/).some((segment) => segment.toLowerCase() === '.jerga');
}

/**
 * 404 for any path through `.jerga/`, before Vite's own middlewares: fs.deny stops the
 * file itself, but the SPA fallback and `?import` stubs would still answer 200.
 */
function hidePrivateFolder(): Plugin {
  const refuse: Connect.NextHandleFunction = (req, res, next) => {
    if (!namesPrivateFolder(req.url ?? '')) return next();
    res.statusCode = 404;
    res.end();
  };
  return {
    name: 'jerga:hide-private-folder',
    configureServer: (server) => void server.middlewares.use(refuse),
    configurePreviewServer: (server) => void server.middlewares.use(refuse),
  };
}

const PRELOAD_PAGE = path.resolve(import.meta.dirname, 'src/preload-page.ts');

/** The locale files' main strings, the app's fallback language first (as `preload-page.ts` expects). */
const LOCALES: Record<string, unknown> = { 'en-US': enUS, es };

/** A string of a locale file by its dotted key; the build fails on a missing one. */
function localeString(strings: unknown, key: string): string {
  const found = key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);
  if (typeof found !== 'string') throw new Error(`jerga:preload-page: no string ${key} in a locale file`);
  return found;
}
const PAGES_DIR = path.resolve(import.meta.dirname, 'src/app/routes');

/** The files a chunk loads: itself and its static imports, all the way down. */
function chunkFiles(bundle: OutputBundle, fileName: string, files = new Set<string>()): Set<string> {
  const output = bundle[fileName];
  if (files.has(fileName) || output?.type !== 'chunk') return files;
  files.add(fileName);
  for (const imported of output.imports) chunkFiles(bundle, imported, files);
  return files;
}

/**
 * The opened page's chunks start downloading with the app's code, not after it has run and
 * its router asks for them: on a slow phone that is a round trip less before the page shows
 * (bench/lighthouse.ts). index.html gets, before the app's script, a JSON block with each
 * page's path (as a regular expression), its chunks beyond the app's own and the /api read it
 * starts with (`page-chunks`), and `src/preload-page.ts`, built as an entry of its own (any
 * module script in index.html would join the app's one entry) that imports nothing, which
 * preloads the opened page's chunks and, for a guest, sends its first read.
 * Build only: in dev the router loads the page as usual.
 */
function preloadPage(): Plugin {
  let base = '/';
  let apiUrl = '';
  return {
    name: 'jerga:preload-page',
    apply: 'build',
    configResolved: (config) => {
      base = config.base;
      apiUrl = apiUrlOf(config.env.VITE_API_URL as string | undefined);
    },
    options: (options) => ({ ...options, input: { index: path.resolve(import.meta.dirname, 'index.html'), 'preload-page': PRELOAD_PAGE } }),
    transformIndexHtml: {
      order: 'post',
      handler: (html, { bundle }) => {
        const chunks = Object.values(bundle ?? {}).filter((output) => output.type === 'chunk');
        const entryOf = (id: string) => chunks.find((chunk) => chunk.facadeModuleId === id);
        const preload = entryOf(PRELOAD_PAGE);
        const app = chunks.find((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('index.html'));
        if (!bundle || !preload || !app) throw new Error('jerga:preload-page: the app or preload-page entry was not built');
        const loaded = chunkFiles(bundle, app.fileName);
        const pageChunks = pagePaths.map(({ path: route, file, firstRead, firstWords }) => {
          const page = entryOf(path.join(PAGES_DIR, `${file}.tsx`));
          if (!page) throw new Error(`jerga:preload-page: no chunk for src/app/routes/${file}.tsx`);
          const chunks = [...chunkFiles(bundle, page.fileName)].filter((name) => !loaded.has(name)).map((name) => base + name);
          const words = firstWords && Object.fromEntries(Object.entries(LOCALES).map(([language, strings]) => [language, firstWords.map((key) => localeString(strings, key))]));
          const read = firstRead ? apiUrl + firstRead : null;
          return words ? [pathPattern(route), chunks, read, words] : read ? [pathPattern(route), chunks, read] : [pathPattern(route), chunks];
        });
        const json = JSON.stringify(pageChunks).replaceAll('<', '\\u003c');
        const tags = `<script type="application/json" id="${PAGE_CHUNKS_ID}">${json}</script>\n    <script type="module" crossorigin src="${base}${preload.fileName}"></script>\n    `;
        const appScript = `<script type="module" crossorigin src="${base}${app.fileName}"></script>`;
        const at = html.indexOf(appScript);
        if (at < 0) throw new Error("jerga:preload-page: index.html has no module script for the app");
        // The app's code at low priority and without modulepreload links (`resolveDependencies`):
        // the frame and a guest's first words paint before it has arrived, not once it has run.
        return html.slice(0, at) + tags + appScript.replace(' src=', ' fetchpriority="low" src=') + html.slice(at + appScript.length);
      },
    },
  };
}

/**
 * Fewer, larger chunks for the app's own modules that pages share. Left to itself the bundler
 * makes a chunk for every set of pages sharing a module: the entry page needed 20 requests of
 * about 1 KB each, and a slow phone pays a round trip per few of them (six connections at a
 * time over HTTP/1.1), which Lighthouse counted as most of the page's delay. Instead:
 * - `shell`: what the app itself loads and pages use too (toasts, the /api client, auth);
 * - `shared-home`: modules the home page shares with other pages, so / loads nothing extra;
 * - `shared`: every other module two or more pages share.
 * A module one page alone uses stays in that page's chunk; the libraries stay in `vendor`.
 */
function sharedGroups(): CodeSplittingGroup {
  let groupOf: Map<string, string> | undefined;
  return {
    name: (id, ctx) => {
      groupOf ??= (() => {
        const closure = (start: string) => {
          const seen = new Set<string>();
          const visit = (id: string) => {
            if (seen.has(id)) return;
            seen.add(id);
            for (const imported of ctx.getModuleInfo(id)?.importedIds ?? []) visit(imported);
          };
          visit(start);
          return seen;
        };
        const app = closure(path.resolve(import.meta.dirname, 'src/main.tsx'));
        const pages = pagePaths.map(({ file }) => closure(path.join(PAGES_DIR, `${file}.tsx`)));
        const home = pages[pagePaths.findIndex(({ path }) => path === undefined)];
        const groups = new Map<string, string>();
        for (const page of pages) {
          for (const id of page) {
            if (groups.has(id) || /node_modules/.test(id) || id === PRELOAD_PAGE) continue;
            const sharedBy = pages.filter((other) => other.has(id)).length;
            if (app.has(id)) groups.set(id, 'shell');
            else if (sharedBy > 1) groups.set(id, home.has(id) ? 'shared-home' : 'shared');
          }
        }
        return groups;
      })();
      return groupOf.get(id) ?? null;
    },
    debugName: 'shared',
  };
}

/** What the gateway answers: never the app shell, never precached. */
const API_PATHS = /^\/(?:api|auth\/v1|functions\/v1|realtime\/v1|storage\/v1)(?:\/|$)/;

/**
 * Installable and offline (issue 20): the web app manifest, and a Workbox service worker
 * that precaches the app shell (the build's scripts, styles, index.html and icons), answers
 * every navigation with index.html when offline, and keeps the learner's due cards — the
 * GET the review screen starts with, NetworkFirst, so it is fresh whenever the network
 * answers and the last copy (up to two days old, i.e. for the next day) when it does not.
 * The app registers it lazily after its first render and asks before a new version takes
 * over ('prompt': an "Update available" toast, src/features/review-queue/offline-support.tsx).
 * Off in dev.
 */
function pwa() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifestFilename: 'manifest.webmanifest',
    includeAssets: [],
    manifest: {
      name: 'Jerga',
      short_name: 'Jerga',
      description: 'Learn Spanish as it is really spoken, country by country.',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: '#c2410c',
      background_color: '#f7f7f5',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    workbox: {
      // The country flags too (a few KB in all): a card's flag shows offline.
      globPatterns: ['**/*.{js,css,html,svg,webmanifest}', 'icons/*.png'],
      navigateFallback: 'index.html',
      // Web Push reminders (issue 32): the push and notificationclick handlers, public/push-sw.js.
      importScripts: ['push-sw.js'],
      navigateFallbackDenylist: [API_PATHS],
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/flashcard/getDueFlashcards/'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'jerga-due-cards',
            networkTimeoutSeconds: 10,
            expiration: { maxEntries: 8, maxAgeSeconds: 2 * 24 * 60 * 60 },
            cacheableResponse: { statuses: [200] },
            // One learner's list per URL (the id is in the path), whichever token asked.
            matchOptions: { ignoreVary: true },
          },
        },
      ],
    },
    devOptions: { enabled: false },
  });
}

export default defineConfig({
  plugins: [hidePrivateFolder(), react(), pwa(), preloadPage()],
  resolve: {
    alias: {
      '@': path.resolve(import.meta.dirname, 'src'),
      // The /api's contract (reply and live event shapes, limits), declared in the function's
      // shared code. The client imports its types, and only its limits as values (no zod).
      '@contract': path.resolve(import.meta.dirname, 'supabase/functions/_shared/contract'),
    },
  },
  build: {
    // Country flags stay separate files, fetched one by one when shown, never data: URIs
    // (a Content-Security-Policy with img-src 'self' loads them); anything else as Vite decides.
    assetsInlineLimit: (filePath) => (/[\\/]country-flag-icons[\\/]/.test(filePath) ? false : undefined),
    // One small stylesheet (about 9 KB compressed) instead of three up front and more per
    // route: fewer render-blocking requests on a slow phone (bench/lighthouse.ts).
    cssCodeSplit: false,
    // Every browser the app supports preloads modules itself (Safari 17, Chrome 66, Firefox
    // 115); an older one just fetches them when imported. 0.4 KB less on the first visit.
    // A page's chunks are preloaded from the build's list in index.html (`preloadPage`), on the
    // first visit and as the router opens each page, so its import carries no list of its own.
    modulePreload: {
      polyfill: false,
      // index.html links none either: the app's code waits until the first paint is under way
      // (see `preloadPage`).
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'html' || pagePaths.some(({ file }) => filename.startsWith(`assets/${file}-`)) ? [] : deps,
    },
    // The libraries every page runs (React, the router, react-query, i18next) in one chunk:
    // one compression stream instead of pieces cut along the app's lazy boundaries (3 KB
    // less gzip on the first visit, bench/bundle-size.ts), and a file that stays cached
    // while the app's own code changes.
    rolldownOptions: {
      output: {
        codeSplitting: {
          // A group takes the modules it names and no more: the libraries they import stay
          // in `vendor`, or in their own lazy chunks (supabase-js, d3).
          includeDependenciesRecursively: false,
          groups: [
            sharedGroups(),
            {
              name: 'vendor',
              test: /node_modules[\\/](react|react-dom|scheduler|react-router|@tanstack|i18next|react-i18next)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: {
    host: 'localhost',
    port: Number(process.env.JERGA_WEB_PORT ?? 5173),
    strictPort: true,
    proxy: apiProxy,
    // The root is the repository, and older checkouts keep the database in .jerga/db:
    // never serve it, and don't reload the page whenever Postgres writes a file there.
    fs: {
      // Setting `deny` replaces Vite's defaults, so they are repeated here.
      deny: ['.env', '.env.*', '*.{crt,pem,key,p12,pfx,cer,der}', '.npmrc', '.yarnrc.yml', '**/.git/**', '.jerga', '**/.jerga/**'],
    },
    // Nor over a production build (dist/, and the dist.tmp-* folder it is built in).
    watch: { ignored: ['**/.jerga/**', '**/dist/**', '**/dist.*/**'] },
  },
  preview: {
    port: Number(process.env.JERGA_WEB_PORT ?? 5173),
    proxy: apiProxy,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
          // A component test's few round trips to jsdom can outlast 5 s on a busy 2-core machine.
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'functions',
          environment: 'node',
          include: ['supabase/functions/**/*.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'stack',
          environment: 'node',
          include: ['tests/**/*.test.ts'],
          globalSetup: ['tests/support/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          // Browser and server round trips on a busy 2-core CI machine take more than
          // expect.poll's default second.
          expect: { poll: { timeout: 10_000, interval: 100 } },
          // One stack, one database: files run one after another.
          fileParallelism: false,
          // A file's own concurrent tests (it.concurrent) run two at a time: a core each.
          maxConcurrency: 2,
        },
      },
    ],
  },
});
