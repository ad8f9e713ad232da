import { useMutation } from '@tanstack/react-query';
import { loadAuth } from '@/lib/supabase';

/**
 * Sends the browser to Google (locally: the stack's stand-in page). It comes back to the
 * home page with the session in the URL, which supabase-js picks up and announces.
 */
export async function logInWithGoogle(redirectTo = `${window.location.origin}/`): Promise<void> {
  const { error } = await (await loadAuth()).signInWithOAuth({ provider: 'google', options: { redirectTo } });
  if (error) {
    // Spec §8: Google login errors are logged and rethrown.
    console.error('Google login failed', error);
    throw error;
  }
}

export function useLogInWithGoogle() {
  return useMutation({ mutationFn: () => logInWithGoogle() });
}
