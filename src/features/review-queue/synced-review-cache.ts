import type { QueryClient } from '@tanstack/react-query';
import { authKeys } from '@/features/auth';
import type { User } from '@/lib/api-types';
import type { ReviewReply } from './review-sync';

/**
 * What a review the server has confirmed changes in the learner's cached data, on whatever
 * page they are: the profile's streak (the rating counts the day itself), and everything
 * asked for beside the profile (the account's streak, freezes and review days) is asked again.
 * The queue may send a rating long after the review screen is gone (the next visit, another
 * page), so this runs app-wide, not only where cards are rated.
 */
export function applySyncedReview(queryClient: QueryClient, userId: string, reply: ReviewReply): void {
  const { streak } = reply;
  if (streak?.updated) {
    queryClient.setQueryData<{ user: User | null }>(authKeys.user(userId), (data) =>
      data?.user ? { user: { ...data.user, currentStreak: streak.streak, longestStreak: streak.longest } } : data,
    );
  }
  // Not the profile itself: it was just patched.
  void queryClient.invalidateQueries({ queryKey: authKeys.user(userId), predicate: (query) => query.queryKey.length > authKeys.user(userId).length });
}
