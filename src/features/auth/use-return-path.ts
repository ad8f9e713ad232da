import { useLocation } from 'react-router';

/** Where to go after logging in: the page that sent the visitor here (state.from), else home. */
export function useReturnPath(): string {
  const { state } = useLocation();
  const from = (state as { from?: unknown } | null)?.from;
  // Only paths inside the app, never back to the login or register page itself.
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//') && !/^\/(login|register)\b/.test(from)) return from;
  return '/';
}
