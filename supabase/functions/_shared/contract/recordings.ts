import { z } from 'zod';
import { countryCode, id, moderation, success, time } from './common.ts';

/** A vote on a recording: up (+1) or down (-1). */
export const recordingVote = z.enum(['up', 'down']);
export type RecordingVote = z.infer<typeof recordingVote>;

/**
 * A learner's recording of an entry (public.recording_json with its `url`), said by someone
 * from `country`.
 */
export const recording = z.strictObject({
  _id: id,
  /** The entry it says. */
  contentId: id,
  /** The file's name in the recordings bucket: <userId>/<contentId>/<file>. */
  path: z.string(),
  /**
   * The file's public address under the server's SUPABASE_URL. A browser builds its own from
   * `path` with supabase.storage.from('recordings').getPublicUrl(path).
   */
  url: z.url(),
  /** Two-letter code of the country the speaker says it from. */
  country: countryCode,
  /** The speaker's display name when they recorded it. */
  authorName: z.string(),
  /** How long it lasts, when the recorder said (1..15000); null otherwise. */
  durationMs: z.number().int().nullable(),
  /** Up votes minus down votes: the list's order (best first, then newest). */
  voteScore: z.number().int(),
  /** The caller's own vote: null when none (always for guests). */
  userVote: recordingVote.nullable(),
  createdAt: time,
  /** Whether the caller may delete it (they recorded it, or they are an admin). */
  canDelete: z.boolean(),
  /** Only for its speaker and admins, and only when set: held for moderators, or removed by them. */
  moderation: moderation.optional(),
});
export type Recording = z.infer<typeof recording>;

/** GET /api/recording/getRecordings/:contentId: the entry's recordings as a bare array, best first. */
export const recordingsReply = z.array(recording);
export type RecordingsReply = z.infer<typeof recordingsReply>;

/** POST /api/recording/addRecording: 201 with the new recording. */
export const addRecordingReply = z.strictObject({ success, data: recording });
export type AddRecordingReply = z.infer<typeof addRecordingReply>;

/** POST /api/recording/vote: the recording's new score and the caller's vote (null once taken back). */
export const recordingVoteReply = z.strictObject({
  success,
  recordingId: id,
  contentId: id,
  voteScore: z.number().int(),
  userVote: recordingVote.nullable(),
});
export type RecordingVoteReply = z.infer<typeof recordingVoteReply>;

/** DELETE /api/recording/:id. */
export const deleteRecordingReply = z.strictObject({ success, message: z.string(), _id: id, contentId: id });
export type DeleteRecordingReply = z.infer<typeof deleteRecordingReply>;
