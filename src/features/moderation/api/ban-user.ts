import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userKeys } from '@/features/admin/api/user-keys';
import { api } from '@/lib/api';
import { moderationKeys } from './moderation-keys';

export interface BanRequest {
  userId: string;
  banned: boolean;
  reason?: string;
  /** ISO time the ban ends; none: for good. */
  until?: string;
}

export function banUser(request: BanRequest): Promise<unknown> {
  return api.post('/admin/banUser', request);
}

/** Bans or lifts a ban; the users table and the audit log refetch. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.audit() }),
      ]),
  });
}
