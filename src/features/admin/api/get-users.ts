import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { UsersPage } from '@/lib/api-types';
import { userKeys } from './user-keys';

export type { UsersPage };

export type UsersData = InfiniteData<UsersPage, string | null>;

/** One page of accounts, newest first (admins only; the server answers 403 to anyone else). */
export function getUsers(cursor: string | null, signal?: AbortSignal): Promise<UsersPage> {
  return api.get<UsersPage>('/user/getUsers', { query: { cursor }, signal });
}

export function usersQueryOptions() {
  return infiniteQueryOptions({
    queryKey: userKeys.list(),
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Every account, a page (the server's 500) at a time. */
export function useUsers(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...usersQueryOptions(), enabled: options.enabled ?? true });
}
