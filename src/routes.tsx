import { createBrowserRouter, type RouteObject } from 'react-router';
import { ErrorPage, RootErrorPage } from '@/app/error-page';
import { PageLoading, RootLayout } from '@/app/root-layout';

// Each page is its own chunk, so a visitor downloads only the page they open.
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
        children: [
          { index: true, lazy: async () => ({ Component: (await import('@/app/routes/home-page')).HomePage }) },
          { path: 'content/:id', lazy: async () => ({ Component: (await import('@/app/routes/entry-page')).EntryPage }) },
          { path: 'compare', lazy: async () => ({ Component: (await import('@/app/routes/compare-page')).ComparePage }) },
          { path: 'addContent', lazy: async () => ({ Component: (await import('@/app/routes/add-entry-page')).AddEntryPage }) },
          { path: 'addTag', lazy: async () => ({ Component: (await import('@/app/routes/add-tag-page')).AddTagPage }) },
          { path: 'addfeedback', lazy: async () => ({ Component: (await import('@/app/routes/add-feedback-page')).AddFeedbackPage }) },
          { path: 'editContent/:id', lazy: async () => ({ Component: (await import('@/app/routes/edit-entry-page')).EditEntryPage }) },
          { path: 'login', lazy: async () => ({ Component: (await import('@/app/routes/login-page')).LoginPage }) },
          { path: 'register', lazy: async () => ({ Component: (await import('@/app/routes/register-page')).RegisterPage }) },
          { path: 'forgot-password', lazy: async () => ({ Component: (await import('@/app/routes/forgot-password-page')).ForgotPasswordPage }) },
          { path: 'reset-password', lazy: async () => ({ Component: (await import('@/app/routes/reset-password-page')).ResetPasswordPage }) },
          { path: 'flashcards', lazy: async () => ({ Component: (await import('@/app/routes/flashcards-page')).FlashcardsPage }) },
          { path: 'flashcards/cards', lazy: async () => ({ Component: (await import('@/app/routes/card-browser-page')).CardBrowserPage }) },
          { path: 'chat', lazy: async () => ({ Component: (await import('@/app/routes/chat-page')).ChatPage }) },
          { path: 'account', lazy: async () => ({ Component: (await import('@/app/routes/account-page')).AccountPage }) },
          { path: 'notifications', lazy: async () => ({ Component: (await import('@/app/routes/notifications-page')).NotificationsPage }) },
          { path: 'users/:userId', lazy: async () => ({ Component: (await import('@/app/routes/profile-page')).ProfilePage }) },
          { path: 'admin', lazy: async () => ({ Component: (await import('@/app/routes/admin-page')).AdminPage }) },
          { path: '*', lazy: async () => ({ Component: (await import('@/app/routes/not-found-page')).NotFoundPage }) },
        ],
      },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
