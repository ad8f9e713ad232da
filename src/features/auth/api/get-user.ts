import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api';
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
