import { useMutation, useQueryClient } from '@tanstack/react-query';
import { moderationKeys } from '@/features/moderation/api/moderation-keys';
import { api } from '@/lib/api';
import type { BanUserReply, ListedUser } from '@/lib/api-types';
import { patchListedUser } from './get-users';
import { userKeys } from './user-keys';

export interface BanRequest {
  userId: string;
  banned: boolean;
  /** Why, for the audit log (at most 500 characters). */
  reason?: string;
  /** ISO time the ban ends; none: for good. */
  until?: string;
}

/** The ban lengths an admin picks from, in days; null: for good. */
export const BAN_DURATIONS = [1, 7, 30, null] as const;
export type BanDuration = (typeof BAN_DURATIONS)[number];

/** The `until` of a ban of `days` days from `now`; undefined for good. */
export function banUntil(days: BanDuration, now = Date.now()): string | undefined {
  return days === null ? undefined : new Date(now + days * 86_400_000).toISOString();
}

/** The account with its new bannedUntil (POST /api/admin/banUser, admins only). */
export async function banUser(request: BanRequest): Promise<ListedUser> {
  const reply = await api.post<BanUserReply>('/admin/banUser', request);
  return reply.user;
}

/** Bans or lifts a ban; the users table shows it at once, then it and the audit log refetch. */
export function useBanUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: banUser,
    onSuccess: (user) => {
      patchListedUser(queryClient, user);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: userKeys.list() }),
        queryClient.invalidateQueries({ queryKey: moderationKeys.audit() }),
      ]);
    },
  });
}
