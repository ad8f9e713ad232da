import { useLocation } from 'react-router';

/** Only paths inside the app, never back to the login or register page itself. */
export function isReturnPath(path: unknown): path is string {
  return typeof path === 'string' && path.startsWith('/') && !path.startsWith('//') && !/^\/(login|register)\b/.test(path);
}

/** Where to go after logging in: the page that sent the visitor here (state.from), else home. */
export function useReturnPath(): string {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  return isReturnPath(from) ? from : '/';
}
