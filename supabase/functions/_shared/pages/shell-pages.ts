/**
 * The app's pages this server draws no content for: it serves them the app shell as they
 * are (200), those of a signed-in learner and the forms kept out of search engines. The
 * list follows src/page-paths.ts (pagePaths), which the shell-pages test holds it to; the
 * pages with their own HTML (app.ts) are not in it.
 */
export const SHELL_PAGES: readonly { path: string; noindex: boolean }[] = [
  { path: 'compare', noindex: false },
  { path: 'users/:userId', noindex: false },
  { path: 'addContent', noindex: true },
  { path: 'addTag', noindex: true },
  { path: 'addfeedback', noindex: true },
  { path: 'editContent/:id', noindex: true },
  { path: 'login', noindex: true },
  { path: 'register', noindex: true },
  { path: 'forgot-password', noindex: true },
  { path: 'reset-password', noindex: true },
  { path: 'flashcards', noindex: true },
  { path: 'flashcards/cards', noindex: true },
  { path: 'chat', noindex: true },
  { path: 'account', noindex: true },
  { path: 'notifications', noindex: true },
  { path: 'admin', noindex: true },
  { path: 'record', noindex: true },
  { path: 'voices', noindex: false },
];

/** The pages the app draws from their own HTML here (app.ts's routes), as page-paths.ts names them. */
export const SERVED_PAGES: readonly string[] = ['', 'content/:id', 'country/:code', 'compare/:groupId'];

/** A page's path as react-router matches it: case aside, one segment per `:param`, a trailing slash ignored. */
function patternOf(path: string): RegExp {
  const segments = path.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return new RegExp(`^/${segments.join('/')}/?$`, 'i');
}

const SHELLS = SHELL_PAGES.map((page) => ({ ...page, pattern: patternOf(page.path) }));

/** The shell page `pathname` opens, if any. */
export function shellPageOf(pathname: string): { path: string; noindex: boolean } | undefined {
  const found = SHELLS.find(({ pattern }) => pattern.test(pathname));
  return found && { path: found.path, noindex: found.noindex };
}
