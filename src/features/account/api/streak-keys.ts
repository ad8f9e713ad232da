import { authKeys } from '@/features/auth';

/**
 * Kept under the user's own key: signing out clears them with the profile, and a rating
 * (src/features/flashcards review-flashcard, as each rating's answer arrives) refreshes them without knowing this feature.
 */
export const streakKeys = {
  all: (userId: string) => [...authKeys.user(userId), 'streaks'] as const,
  current: (userId: string) => [...streakKeys.all(userId), 'current'] as const,
  longest: (userId: string) => [...streakKeys.all(userId), 'longest'] as const,
  reviewDays: (userId: string) => [...streakKeys.all(userId), 'reviewDays'] as const,
};
