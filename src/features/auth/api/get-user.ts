import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { currentUserId } from '@/lib/supabase';
import type { GetUserReply } from '@/lib/api-types';
import { authKeys } from './auth-keys';

export type { GetUserReply };

/** The caller's profile (name, admin flag, streaks); `user: null` when the token is not a live session. */
export function getUser(signal?: AbortSignal): Promise<GetUserReply> {
  return api.get<GetUserReply>('/auth/getUser', { signal });
}

export function userQueryOptions(userId: string) {
  return queryOptions({
    queryKey: authKeys.user(userId),
    queryFn: ({ signal }) => getUser(signal),
    staleTime: 60_000,
  });
}

/**
 * For a page that waits for its first read: the signed-in learner's profile in the cache
 * before the app draws, so its first render already acts as theirs (Report, Vote) rather
 * than asking them to log in while the session is read.
 */
export async function prefetchSignedInUser(queryClient: QueryClient): Promise<void> {
  const userId = await currentUserId();
  if (userId) await queryClient.prefetchQuery(userQueryOptions(userId));
}
