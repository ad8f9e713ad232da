import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth';
import { api } from '@/lib/api';
import type { SetAdminReply, User } from '@/lib/api-types';
import { patchListedUser } from './get-users';
import { userKeys } from './user-keys';

export interface AdminChange {
  userId: string;
  isAdmin: boolean;
}

export async function setAdmin(change: AdminChange): Promise<User> {
  const reply = await api.put<SetAdminReply>('/user/setAdmin', change);
  return reply.user;
}

/** Grants or revokes admin rights; the table shows the change at once, and whoever changed refetches. */
export function useSetAdmin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setAdmin,
    onSuccess: (user) => {
      patchListedUser(queryClient, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        // If it was the admin's own row, their menu and rights change too.
        queryClient.invalidateQueries({ queryKey: authKeys.user(user._id) }),
      ]);
    },
  });
}
