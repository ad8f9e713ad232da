import { z } from 'zod';
import { success } from './common.ts';

/** A streak day counted (public.update_streak; also each rating's `streak`). */
export const streakUpdate = z.strictObject({
  /** Whether this call counted a new day. */
  updated: z.boolean(),
  streak: z.number().int(),
  longest: z.number().int(),
  freezes: z.number().int(),
  freezesUsed: z.number().int(),
  freezeEarned: z.boolean(),
});
export type StreakUpdate = z.infer<typeof streakUpdate>;

/** PUT /api/user/updateStreak/:userId. */
export const updateStreakReply = streakUpdate.extend({ success });
export type UpdateStreakReply = z.infer<typeof updateStreakReply>;

/** The live streak (0 once a day was missed with no freeze to cover it) and the freezes held. */
export const currentStreak = z.strictObject({ streak: z.number().int(), freezes: z.number().int() });
export type CurrentStreak = z.infer<typeof currentStreak>;

/** GET /api/user/getCurrentStreak/:userId. */
export const currentStreakReply = currentStreak.extend({ success });
export type CurrentStreakReply = z.infer<typeof currentStreakReply>;

/** GET /api/user/getLongestStreak/:userId. */
export const longestStreakReply = z.strictObject({ success, streak: z.number().int() });
export type LongestStreak = z.infer<typeof longestStreakReply>;

/** The days with reviews in the learner's zone, oldest first. */
export const reviewDays = z.strictObject({
  timeZone: z.string(),
  days: z.array(z.strictObject({ date: z.iso.date(), reviews: z.number().int() })),
});
export type ReviewDays = z.infer<typeof reviewDays>;

/** GET /api/user/getReviewDays/:userId. */
export const reviewDaysReply = reviewDays.extend({ success });
export type ReviewDaysReply = z.infer<typeof reviewDaysReply>;
