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

/** Sets a new password: in a recovery session no current password is needed; otherwise it is. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async ({ password, currentPassword }: { password: string; currentPassword?: string }) => {
      const auth = await loadAuth();
      await unwrap(auth.updateUser({ password, ...(currentPassword ? { current_password: currentPassword } : {}) }));
    },
  });
}

/** Starts an e-mail change: Auth mails a link to the new address (and one to the current); nothing switches before. */
export function useChangeEmail() {
  return useMutation({
    mutationFn: async (email: string) => {
      const auth = await loadAuth();
      const { data } = await unwrap(auth.updateUser({ email }, { emailRedirectTo: `${window.location.origin}/account` }));
      return data.user?.new_email ?? null;
    },
  });
}

/** The address an e-mail change is waiting to switch to, if any (Auth's `new_email`). */
export async function pendingEmail(): Promise<string | null> {
  const auth = await loadAuth();
  const { data } = await auth.getUser();
  return data.user?.new_email ?? null;
}
