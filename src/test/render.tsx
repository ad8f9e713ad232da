import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { LearnerOnlyLayout } from '@/app/layout/learner-only';
import { ToastProvider } from '@/components/toasts';
import { StaticAuthProvider, type AuthUser } from '@/features/auth/auth-context';
import type { User } from '@/lib/api-types';
import { pagePaths } from '@/page-paths';

interface Options {
  path?: string;
  route?: string;
  user?: AuthUser | null;
  extraRoutes?: RouteObject[];
  /** history state of the first entry, e.g. { from: '/account' } */
  initialState?: unknown;
  /** The auth state is still loading. */
  authLoading?: boolean;
  /** What Log Out calls (default: nothing happens). */
  logOut?: () => Promise<void>;
  /** `ui` is the page at `path`, placed as the router places it: a learner-only page (page-paths.ts) under their layout. */
  page?: boolean;
}

/** Renders a component with the app's providers, a memory router and a fixed auth state. */
export function renderWithProviders(ui: ReactNode, { path = '/', route = path, user = null, extraRoutes = [], initialState, authLoading = false, logOut, page = false }: Options = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const learnerOnly = page ? pagePaths.find((each) => each.learnerOnly && `/${each.path}` === path) : undefined;
  const shown: RouteObject = { path, element: ui, handle: learnerOnly?.loginMessage && { loginMessage: learnerOnly.loginMessage } };
  const router = createMemoryRouter([learnerOnly ? { Component: LearnerOnlyLayout, children: [shown] } : shown, ...extraRoutes], {
    initialEntries: [initialState === undefined ? route : { pathname: route, state: initialState }],
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <StaticAuthProvider value={{ user, isLoggedIn: Boolean(user), isLoading: authLoading, ...(logOut ? { logOut } : {}) }}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </StaticAuthProvider>
    </QueryClientProvider>,
  );
  return { ...result, router, queryClient };
}

/** A learner as GET /api/auth/getUser answers (their settings the defaults). */
export const testUser: User = {
  _id: '00000000-0000-4000-8000-000000000001',
  name: 'Lucía',
  email: 'lucia@example.com',
  isAdmin: false,
  createdAt: '2025-01-02T10:00:00Z',
  lastLogin: '2025-03-04T09:30:00Z',
  timeZone: 'Europe/Madrid',
  currentStreak: 3,
  longestStreak: 7,
  notifications: { comments: true, replies: true, votes: true, moderation: true },
  newCardsPerDay: 20,
  maxReviewsPerDay: 200,
  reminders: { email: false, push: false, time: '19:00' },
  language: 'es',
  reminderOffered: false,
};
