import { z } from 'zod';
import { countryCode, id, nextCursor, success, time } from './common.ts';
import { entry } from './entries.ts';

/** Which notifications the learner receives. */
export const notificationSettings = z.strictObject({
  comments: z.boolean(),
  replies: z.boolean(),
  votes: z.boolean(),
  moderation: z.boolean(),
});
export type NotificationSettings = z.infer<typeof notificationSettings>;

/** The daily reminder: by e-mail and/or Web Push, at a local time (HH:MM in the learner's zone). */
export const reminderSettings = z.strictObject({
  email: z.boolean(),
  push: z.boolean(),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/),
});
export type ReminderSettings = z.infer<typeof reminderSettings>;

/** The signed-in learner as public.user_json shapes their profile (the spec's user and more). */
export const user = z.strictObject({
  _id: id,
  name: z.string(),
  email: z.string().nullable(),
  isAdmin: z.boolean(),
  createdAt: time,
  lastLogin: time.nullable(),
  timeZone: z.string(),
  currentStreak: z.number().int(),
  longestStreak: z.number().int(),
  notifications: notificationSettings,
  /** Where the learner says they live (a country code); absent when unsaid. */
  homeCountry: countryCode.optional(),
  /** Where the learner's Spanish is from (issue 34), which their recordings are said from; absent when unsaid. */
  speakerCountry: countryCode.optional(),
  /** Daily limits of the review session. */
  newCardsPerDay: z.number().int(),
  maxReviewsPerDay: z.number().int(),
  reminders: reminderSettings,
  /** The language the learner reads Jerga in: reminders are written in it. */
  language: z.enum(['en', 'es']),
  /** Whether the end of a review session has offered the e-mail reminder (it does once). */
  reminderOffered: z.boolean(),
});
export type User = z.infer<typeof user>;

/** A user as the admins' list (GET /api/user/getUsers) and POST /api/admin/banUser reply with it. */
export const listedUser = user.extend({
  /** When a running ban ends (a hundred years ahead: for good); null when not banned. */
  bannedUntil: time.nullable(),
});
export type ListedUser = z.infer<typeof listedUser>;

/** What the client hands to supabase-js `setSession` after /api login or register. */
export const sessionTokens = z.strictObject({
  access_token: z.string(),
  refresh_token: z.string(),
  expires_in: z.number().int(),
  expires_at: z.number().int(),
  token_type: z.literal('bearer'),
});
export type SessionTokens = z.infer<typeof sessionTokens>;

/**
 * POST /api/auth/login, POST /api/user/register (201). A project that confirms addresses first
 * answers a registration with no session yet: `authenticated: false`, code email_not_confirmed.
 */
export const authReply = z.strictObject({
  authenticated: z.boolean(),
  user: user.nullable(),
  message: z.string(),
  session: sessionTokens.nullable(),
  code: z.string().optional(),
});
export type AuthReply = z.infer<typeof authReply>;

/** GET /api/auth/getUser: the caller's profile; null for a guest. */
export const getUserReply = z.strictObject({ user: user.nullable() });
export type GetUserReply = z.infer<typeof getUserReply>;

/** POST /api/user/update: the profile as it is now, and the address waiting for its mailed link. */
export const updateUserReply = z.strictObject({ user: user.nullable(), pendingEmail: z.string().optional() });
export type UpdateUserReply = z.infer<typeof updateUserReply>;

/** PUT /api/user/setAdmin. */
export const setAdminReply = z.strictObject({ user });
export type SetAdminReply = z.infer<typeof setAdminReply>;

/** GET /api/user/getUsers: a page of accounts, newest first (admins only). */
export const usersPage = z.strictObject({
  /** Each with its running ban (bannedUntil). */
  users: z.array(listedUser),
  nextCursor,
});
export type UsersPage = z.infer<typeof usersPage>;

/** POST /api/auth/logout, POST /api/user/deleteAccount, and other replies that only say it worked. */
export const doneReply = z.strictObject({ success, message: z.string() });
export type DoneReply = z.infer<typeof doneReply>;

/** What anyone may see of a learner. */
export const publicProfile = z.strictObject({
  _id: id,
  name: z.string(),
  /** When they joined. */
  createdAt: time,
  /** How many shown entries they posted. */
  entryCount: z.number().int(),
  /** Where their Spanish is from, when they said (issue 34). */
  speakerCountry: countryCode.optional(),
});
export type PublicProfile = z.infer<typeof publicProfile>;

/** GET /api/user/getProfile/:userId: the learner and a page of their shown entries, newest first. */
export const profileReply = z.strictObject({ user: publicProfile, data: z.array(entry), nextCursor });
export type ProfileReply = z.infer<typeof profileReply>;
