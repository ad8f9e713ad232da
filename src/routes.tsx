import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType } from 'react';
import { createBrowserRouter, type Params, type RouteObject } from 'react-router';
import { ErrorPage, RootErrorPage } from '@/app/error-page';
import type { LearnerOnlyHandle } from '@/app/layout/learner-only';
import { RootLayout } from '@/app/layout/root-layout';
import { hasServedRead } from '@/lib/first-read';
import { pagePaths } from '@/page-paths';
import { preloadPageChunks } from '@/preload-page';

/**
 * What a page with a `firstRead` (page-paths.ts) may export as `loadFirstRead`: its first
 * query, put into the cache from the reply preload-page.ts is already waiting for.
 */
export type LoadFirstRead = (queryClient: QueryClient, params: Params) => Promise<unknown>;

/** The route id of the layout of every page only a signed-in learner may open. */
export const LEARNER_ONLY = 'learner-only';

// Each page is its own chunk, so a visitor downloads only the page they open.
const pageModules = import.meta.glob<Record<string, unknown>>('./app/routes/*-page.tsx');

function pageRoutes(queryClient: QueryClient): RouteObject[] {
  return pagePaths.map(({ path, file, component, loginMessage }, index) => {
    const lazy = async () => {
      preloadPageChunks(index);
      const page = await pageModules[`./app/routes/${file}.tsx`]();
      const loadFirstRead = page.loadFirstRead as LoadFirstRead | undefined;
      return {
        Component: page[component] as ComponentType,
        // While a guest's first read is under way (sent by index.html's first script), the
        // page waits for it and draws once, complete, rather than its loading state first; a
        // page the server drew comes with its read (first-read.ts). Any other time it draws at once.
        loader:
          loadFirstRead &&
          (async ({ params }: { params: Params }) => {
            if (window.jergaFirstRead || hasServedRead()) await loadFirstRead(queryClient, params);
            return null;
          }),
      };
    };
    // A learner-only page's own "Please log in…" line, for its layout.
    const handle: LearnerOnlyHandle | undefined = loginMessage ? { loginMessage } : undefined;
    return path === undefined ? { index: true, lazy } : { path, lazy, handle };
  });
}

export function createRoutes(queryClient: QueryClient): RouteObject[] {
  const pages = pageRoutes(queryClient);
  return [
    {
      path: '/',
      Component: RootLayout,
      ErrorBoundary: RootErrorPage,
      children: [
        {
          // Errors inside a page keep the header and footer around them.
          ErrorBoundary: ErrorPage,
          children: [
            ...pages.filter((_, index) => !pagePaths[index].learnerOnly),
            {
              // A guest who opens one of these is asked to log in, in one place. Its code comes
              // with the page's (their chunks are preloaded together), not in the app's own.
              id: LEARNER_ONLY,
              lazy: async () => ({ Component: (await import('@/app/layout/learner-only')).LearnerOnlyLayout }),
              children: pages.filter((_, index) => pagePaths[index].learnerOnly),
            },
          ],
        },
      ],
    },
  ];
}

export function createRouter(queryClient: QueryClient) {
  return createBrowserRouter(createRoutes(queryClient));
}
