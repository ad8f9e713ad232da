import type { QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api';
import { loadAuth } from '@/lib/supabase';
import type { AuthReply, SessionTokens, User } from '@/lib/api-types';
import { authKeys } from './auth-keys';
import type { GetUserReply } from './get-user';

/** Spec §8: a register or login reply that is not authenticated is an error carrying the server's message. */
export function requireAuthenticated(reply: AuthReply): AuthReply & { user: User; session: SessionTokens } {
  if (!reply.authenticated || !reply.user || !reply.session) {
    // The code, when the reply has one (e.g. email_not_confirmed), is what the form translates.
    const { code } = reply as { code?: unknown };
    throw new ApiError(401, typeof code === 'string' ? code : 'not_authenticated', reply.message ?? '', {}, reply);
  }
  return reply as AuthReply & { user: User; session: SessionTokens };
}

export interface SessionStartOptions {
  /** Runs once the session is started, even if the form that asked has gone. */
  onSuccess?: (user: User) => void;
}

/**
 * Hands the reply's session to supabase-js, which then owns it (refresh, other tabs) and
 * announces SIGNED_IN. The user comes with the reply, so it is cached first: no extra fetch.
 */
export async function startSession(queryClient: QueryClient, reply: AuthReply): Promise<User> {
  const { user, session } = requireAuthenticated(reply);
  queryClient.setQueryData<GetUserReply>(authKeys.user(user._id), { user });
  const { error } = await (await loadAuth()).setSession({ access_token: session.access_token, refresh_token: session.refresh_token });
  if (error) throw error;
  return user;
}
