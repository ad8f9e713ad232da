import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, RootErrorPage } from '@/app/error-page';
import { PageLoading, RootLayout } from '@/app/root-layout';
import { pagePaths } from '@/page-paths';
import { preloadPageChunks } from '@/preload-page';

// Each page is its own chunk, so a visitor downloads only the page they open.
const pageModules = import.meta.glob<Record<string, ComponentType>>('./app/routes/*-page.tsx');

const pageRoutes: RouteObject[] = pagePaths.map(({ path, file, component }, index) => {
  const lazy = async () => {
    preloadPageChunks(index);
    return { Component: (await pageModules[`./app/routes/${file}.tsx`]())[component] };
  };
  return path === undefined ? { index: true, lazy } : { path, lazy };
});

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RootErrorPage,
    HydrateFallback: PageLoading,
    children: [
      {
        // Errors inside a page keep the header and footer around them.
        ErrorBoundary: ErrorPage,
        children: pageRoutes,
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
