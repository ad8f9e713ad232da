import { useMutation } from '@tanstack/react-query';
import { loadAuth } from '@/lib/supabase';

/**
 * Getting back into an account and changing how one signs in, straight through Supabase
 * Auth (GoTrue's /recover, /verify and PUT /user), as supabase-js does it.
 */

/** The code Auth answered with, for the forms to translate (auth-js errors carry `code`). */
export function authErrorCode(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unexpected_failure';
}

async function unwrap<T extends { error: unknown }>(call: Promise<T>): Promise<T> {
  const result = await call;
  if (result.error) throw result.error;
  return result;
}

/** Mails a reset link to `email` (the same answer whether or not it has an account). */
export function useRequestPasswordReset() {
  return useMutation({
    mutationFn: async (email: string) => {
      const auth = await loadAuth();
      await unwrap(auth.resetPasswordForEmail(email, { redirectTo: `${window.location.origin}/reset-password` }));
    },
  });
}

/**
 * Sets a new password: in a recovery session nothing else is needed; otherwise the current
 * password, or (an account without one) the code Auth mailed by `useSendReauthenticationCode`.
 */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ password, currentPassword, nonce }: { password: string; currentPassword?: string; nonce?: string }) => {
      const auth = await loadAuth();
      await unwrap(auth.updateUser({ password, ...(currentPassword ? { current_password: currentPassword } : {}), ...(nonce ? { nonce } : {}) }));
    },
  });
}

/** Mails the signed-in account a six-digit code that proves it is theirs (GoTrue's reauthentication). */
export function useSendReauthenticationCode() {
  return useMutation({
    mutationFn: async () => {
      const auth = await loadAuth();
      await unwrap(auth.reauthenticate());
    },
  });
}

/** Starts an e-mail change: Auth mails a link to the new address and one to the current; nothing switches before both are followed. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (email: string) => {
      const auth = await loadAuth();
      const { data } = await unwrap(auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/account` }));
      return data.user?.new_email ?? null;
    },
  });
}

export interface SignInState {
  /** The address an e-mail change is waiting to switch to, if any (Auth's `new_email`). */
  pendingEmail: string | null;
  /**
   * The account signs in only through Google: no e-mail identity, so (as far as the client can
   * tell) no password, and setting one takes a mailed code instead of the current password.
   */
  passwordless: boolean;
}

/** What Account › Sign-in shows, from Auth's own record of the user. */
export async function signInState(): Promise<SignInState> {
  const auth = await loadAuth();
  const { data } = await auth.getUser();
  const identities = data.user?.identities ?? [];
  return {
    pendingEmail: data.user?.new_email ?? null,
    passwordless: identities.length > 0 && !identities.some((identity) => identity.provider === 'email'),
  };
}
