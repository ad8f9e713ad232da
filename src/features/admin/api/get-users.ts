import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ListedUser, UsersPage } from '@/lib/api-types';
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

/** Shows an account's change in the loaded pages at once (the refetch that follows confirms it). */
export function patchListedUser(queryClient: QueryClient, user: Partial<ListedUser> & Pick<ListedUser, '_id'>) {
  queryClient.setQueryData<UsersData>(userKeys.list(), (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({
        ...page,
        users: page.users.map((each) => (each._id === user._id ? { ...each, ...user } : each)),
      })),
    },
  );
}
