import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { authKeys } from '@/features/auth';
import type { ReviewReply } from './review-sync';
import { applySyncedReview } from './synced-review-cache';

const userId = 'b4a1f7a2-0000-4000-8000-000000000001';
const reply = (streak: ReviewReply['streak']) => ({ data: {}, streak, duplicate: false }) as ReviewReply;

function cacheWithAccount() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(authKeys.user(userId), { user: { _id: userId, currentStreak: 2, longestStreak: 5 } });
  // What the account page keeps beside the profile (its review days).
  queryClient.setQueryData([...authKeys.user(userId), 'review-days'], { days: 3 });
  return queryClient;
}

describe('applySyncedReview', () => {
  it('patches the streak a confirmed rating counted, and asks again for what the account shows beside the profile', () => {
    const queryClient = cacheWithAccount();
    applySyncedReview(queryClient, userId, reply({ updated: true, streak: 3, longest: 5, freezes: 0, freezesUsed: 0, freezeEarned: false }));
    expect(queryClient.getQueryData(authKeys.user(userId))).toEqual({ user: { _id: userId, currentStreak: 3, longestStreak: 5 } });
    expect(queryClient.getQueryState([...authKeys.user(userId), 'review-days'])?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(authKeys.user(userId))?.isInvalidated).toBe(false);
  });

  it('leaves the streak alone when the day was counted already, and still refreshes the review days', () => {
    const queryClient = cacheWithAccount();
    applySyncedReview(queryClient, userId, reply({ updated: false, streak: 2, longest: 5, freezes: 0, freezesUsed: 0, freezeEarned: false }));
    expect(queryClient.getQueryData(authKeys.user(userId))).toEqual({ user: { _id: userId, currentStreak: 2, longestStreak: 5 } });
    expect(queryClient.getQueryState([...authKeys.user(userId), 'review-days'])?.isInvalidated).toBe(true);
  });
});
