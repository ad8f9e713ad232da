import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ProfileReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { profileKeys } from './profile-keys';

/** One page of a learner's public profile: who they are and their shown entries, newest first. */
export function getProfile(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ProfileReply> {
  return api.get<ProfileReply>(`/user/getProfile/${encodeURIComponent(userId)}`, { query: { cursor }, signal });
}

export function profileQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: profileKeys.detail(userId),
    queryFn: ({ pageParam, signal }) => getProfile(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The profile page: the learner (from the first page) and their entries, 20 at a time. */
export function useProfile(userId: string) {
  return useInfiniteQuery(profileQueryOptions(userId));
}
