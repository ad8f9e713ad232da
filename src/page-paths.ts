import type { ParseKeys } from 'i18next';

/**
 * Every page under the root layout: its path (react-router's syntax; none for the index page)
 * and the module in `src/app/routes/` that exports its component. Plain data (its one import is
 * a type): the router (`routes.tsx`) and the build (`vite.config.ts`, for `preload-page.ts`) read it.
 */
export interface PagePath {
  path?: string;
  /** The file under src/app/routes/, without `.tsx`. */
  file: string;
  /** The component that file exports. */
  component: string;
  /**
   * The /api read the page starts with, its parameters named as in `path` (relative to the
   * /api). For a guest, `preload-page.ts` sends it while the app's code downloads.
   */
  firstRead?: string;
  /**
   * Locale keys of the words the page opens with (its title and the line under it), the same
   * for everyone. For a guest, `preload-page.ts` paints them into index.html's frame in the
   * reader's language before the app's code has run; the page then draws them in the same place.
   */
  firstWords?: [title: string, text: string];
  /**
   * Only for a signed-in learner: the router puts the page under the one learner-only layout
   * (`src/app/layout/learner-only.tsx`), which shows a guest spec §6's "Please log in to view
   * this page" with the way to log in instead.
   */
  learnerOnly?: true;
  /** The locale key of a learner-only page's own "Please log in…" line, if it has one. */
  loginMessage?: ParseKeys;
}

export const pagePaths: PagePath[] = [
  { file: 'home-page', component: 'HomePage', firstWords: ['home.title', 'home.subtitle'] },
  { path: 'content/:id', file: 'entry-page', component: 'EntryPage', firstRead: '/content/getContentById/:id' },
  { path: 'compare', file: 'compare-page', component: 'ComparePage' },
  { path: 'compare/:groupId', file: 'compare-group-page', component: 'CompareGroupPage', firstRead: '/concept/:groupId' },
  // The home grid's first page filtered by the country, as get-entries.ts asks for it (24 a page).
  { path: 'country/:code', file: 'country-page', component: 'CountryPage', firstRead: '/content/getContentsSortedByVoteDesc?countries=:code&limit=24' },
  { path: 'addContent', file: 'add-entry-page', component: 'AddEntryPage' },
  { path: 'addTag', file: 'add-tag-page', component: 'AddTagPage' },
  { path: 'addfeedback', file: 'add-feedback-page', component: 'AddFeedbackPage' },
  { path: 'editContent/:id', file: 'edit-entry-page', component: 'EditEntryPage', learnerOnly: true },
  { path: 'login', file: 'login-page', component: 'LoginPage' },
  { path: 'register', file: 'register-page', component: 'RegisterPage' },
  { path: 'forgot-password', file: 'forgot-password-page', component: 'ForgotPasswordPage' },
  { path: 'reset-password', file: 'reset-password-page', component: 'ResetPasswordPage' },
  { path: 'flashcards', file: 'flashcards-page', component: 'FlashcardsPage', learnerOnly: true },
  { path: 'flashcards/cards', file: 'card-browser-page', component: 'CardBrowserPage', learnerOnly: true },
  { path: 'chat', file: 'chat-page', component: 'ChatPage', learnerOnly: true, loginMessage: 'chat.loginRequired' },
  { path: 'account', file: 'account-page', component: 'AccountPage', learnerOnly: true },
  { path: 'notifications', file: 'notifications-page', component: 'NotificationsPage', learnerOnly: true, loginMessage: 'inbox.loginRequired' },
  { path: 'users/:userId', file: 'profile-page', component: 'ProfilePage' },
  { path: 'admin', file: 'admin-page', component: 'AdminPage', learnerOnly: true },
  { path: 'record', file: 'record-page', component: 'RecordPage', learnerOnly: true, loginMessage: 'voiceQueue.loginRequired' },
  { path: 'voices', file: 'voices-page', component: 'VoicesPage' },
  { path: '*', file: 'not-found-page', component: 'NotFoundPage' },
];

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A page's path as a regular expression over URL paths (used case-insensitively), matching
 * as react-router matches it: `:param` is one segment (captured under its name), `*` the rest,
 * a trailing slash ignored. The build writes these for `preload-page.ts`, which only has to
 * test them.
 */
export function pathPattern(path = ''): string {
  const parts = path.split('/').filter(Boolean);
  const rest = parts.at(-1) === '*';
  const fixed = (rest ? parts.slice(0, -1) : parts).map((part) => `/${part.startsWith(':') ? `(?<${part.slice(1)}>[^/]+)` : escapeRegExp(part)}`).join('');
  return rest ? `^${fixed}(?:/.*)?$` : `^${fixed}/?$`;
}
