import { api, isApiError } from '@/lib/api';
import { supabase } from '@/lib/supabase';

interface LogOutReply {
  success: boolean;
  message: string;
}

/**
 * Revokes the session on the server, then lets supabase-js forget it (SIGNED_OUT, in every
 * tab). A session the server no longer knows counts as logged out; any other failure keeps
 * the user logged in and is thrown, so the caller can say "Logout failed".
 */
export async function logOut(): Promise<void> {
  try {
    await api.post<LogOutReply>('/auth/logout');
  } catch (error) {
    if (!(isApiError(error) && (error.status === 401 || error.status === 403 || error.status === 404))) {
      console.error('Logout failed', error);
      throw error;
    }
  }
  const { error } = await supabase.auth.signOut({ scope: 'local' });
  if (error) throw error;
}
