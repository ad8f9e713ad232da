import { queryOptions, useQuery } from '@tanstack/react-query';
import type { User } from '@/features/auth';
import { api } from '@/lib/api';
import { userKeys } from './user-keys';

export async function getUsers(signal?: AbortSignal): Promise<User[]> {
  const reply = await api.get<{ users: User[] }>('/user/getUsers', { signal });
  return reply.users;
}

export function usersQueryOptions() {
  return queryOptions({ queryKey: userKeys.list(), queryFn: ({ signal }) => getUsers(signal) });
}

/** Every account (admins only; the server answers 403 to anyone else). */
export function useUsers(options: { enabled?: boolean } = {}) {
  return useQuery({ ...usersQueryOptions(), enabled: options.enabled ?? true });
}
