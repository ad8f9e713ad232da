import { useMutation, useQueryClient } from '@tanstack/react-query';
import { authKeys, type User } from '@/features/auth';
import { api } from '@/lib/api';
import type { StreakUpdate } from '@/lib/api-types';

export async function updateStreak(userId: string): Promise<StreakUpdate> {
  return api.put<StreakUpdate>(`/user/updateStreak/${encodeURIComponent(userId)}`);
}

/**
 * Counts today for the learner's streak. When it changed, the header and /account show the
 * new numbers at once; everything kept under the user's key (the account's streak, freezes
 * and review days) is asked again, since a review happened either way.
 */
export function useUpdateStreak() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateStreak,
    onSuccess: (reply, userId) => {
      if (reply.updated) {
        queryClient.setQueryData<{ user: User | null }>(authKeys.user(userId), (data) =>
          data?.user ? { user: { ...data.user, currentStreak: reply.streak, longestStreak: reply.longest } } : data,
        );
      }
      // Not the profile itself: it was just patched, and asking again would cost a request per rating.
      void queryClient.invalidateQueries({ queryKey: authKeys.user(userId), predicate: (query) => query.queryKey.length > authKeys.user(userId).length });
    },
  });
}
