import { forgetSessionHere, loadAuth } from '@/lib/supabase';

/** auth-js's "the request did not get through" (no network, or a 502–504): by name, so auth-js stays lazily loaded. */
const unreachable = (error: Error) => error.name === 'AuthRetryableFetchError';

/**
 * Ends this session in Supabase Auth, so every service that accepts its token (the /api
 * function included) refuses it from then on, and forgets it here (SIGNED_OUT, in every
 * tab). One call on purpose: ending it through POST /api/auth/logout first would leave
 * auth-js to sign out a session that is already gone, a 403 in the console. A session the
 * server no longer knows counts as logged out (auth-js ignores 401/403/404). Offline, or with
 * Auth out of reach, the learner still leaves this device: the session is forgotten here
 * (Auth keeps it until it ends, but nothing here holds it any more). Any other failure keeps
 * the user logged in and is thrown, so the caller can say "Logout failed".
 */
export async function logOut(): Promise<void> {
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return forgetSessionHere();
  const { error } = await (await loadAuth()).signOut({ scope: 'local' });
  if (!error) return;
  if (unreachable(error)) return forgetSessionHere();
  // Spec §8: a logout error is logged.
  console.error('Logout failed', error);
  throw error;
}
