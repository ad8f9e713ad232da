import { z } from 'zod';
import { id, success, time } from './common.ts';
import { user } from './accounts.ts';

// Replies only the palabrotas client (github.com/dikuw/palabrotas) asks for, in the fields
// of its controllers (server/controllers/*.js). The palabrotas shapes of replies the app
// reads too live with their area (comments.ts, votes.ts, flashcards.ts, chats.ts).

/** An avatar: a file in the public avatars bucket, with the stored fields and its public address. */
export const avatar = z.strictObject({
  _id: id,
  userId: id,
  description: z.string(),
  /** The file's name in the avatars bucket: <userId>/<file>. */
  path: z.string(),
  createdAt: time,
  /** The file's public address (palabrotas' `imageUrl`). */
  imageUrl: z.url(),
});
export type Avatar = z.infer<typeof avatar>;

/** POST /api/avatar/addAvatar (201): the avatar itself. GET /api/avatar/:userId: a bare array, newest first. */
export const avatarsReply = z.array(avatar);
export type AvatarsReply = z.infer<typeof avatarsReply>;

/**
 * palabrotas' AudioFile (server/models/AudioFile.js) over one of an entry's recordings: its
 * flashcards play `audioUrl`. The learners' recordings, best-voted first (`order` follows),
 * `voice` their author.
 */
export const palabrotasAudioFile = z.strictObject({
  _id: id,
  /** The entry's id. */
  content: id,
  audioUrl: z.url(),
  voice: z.string(),
  /** es-<the speaker's country>. */
  languageCode: z.string(),
  /** The file name's extension. */
  audioFormat: z.string(),
  order: z.number().int(),
  createdAt: time,
  updatedAt: time,
});
export type PalabrotasAudioFile = z.infer<typeof palabrotasAudioFile>;

/** GET /api/course/getContentAudioFiles/:contentId. */
export const audioFilesReply = z.strictObject({ success, data: z.array(palabrotasAudioFile) });
export type AudioFilesReply = z.infer<typeof audioFilesReply>;

/** GET /api/auth/authStatus. */
export const authStatusReply = z.strictObject({ isAuthenticated: z.boolean(), user: user.nullable() });
export type AuthStatusReply = z.infer<typeof authStatusReply>;

/** The learner with palabrotas' `emailVerified`. */
export const verifiedUser = user.extend({ emailVerified: z.boolean() });
export type VerifiedUser = z.infer<typeof verifiedUser>;

/** POST /api/auth/verify-email and resend-verification: VERIFIED, ALREADY_VERIFIED, or (resend) sent. */
export const verificationReply = z.strictObject({
  success,
  code: z.enum(['VERIFIED', 'ALREADY_VERIFIED']).optional(),
  message: z.string(),
  user: verifiedUser.optional(),
});
export type VerificationReply = z.infer<typeof verificationReply>;
