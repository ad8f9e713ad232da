import { z } from 'zod';
import { countryCode, id, moderation, nextCursor, success, time } from './common.ts';

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
  /**
   * The speaker's country when they made it (issue 34): their Account page's speakerCountry
   * then, which fixes `country`; the same value as `country`.
   */
  speakerCountry: countryCode,
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

// ---------------------------------------------------------------------------------------
// Voices from every country (issue 34). A recording is "native" when it is said from the
// entry's own country (recording.country = the entry's country) and not hidden by moderation.

/**
 * GET /api/recording/request/:contentId, and the reply of POST /api/recording/request
 * {contentId} (201 when it asked, 200 when it had asked already) and of DELETE
 * /api/recording/request {contentId} (or ?contentId=): the entry's open pronunciation requests.
 */
export const recordingRequestReply = z.strictObject({
  success,
  contentId: id,
  /** How many learners ask to hear the entry said from its own country. */
  count: z.number().int(),
  /** Whether the caller is one of them (always false for guests). */
  requested: z.boolean(),
  /** Whether the entry has a native recording (then nobody needs to ask). */
  native: z.boolean(),
});
export type RecordingRequestReply = z.infer<typeof recordingRequestReply>;

/** One entry of a country still waiting for a native voice, as the /record queue shows it. */
export const voiceNeed = z.strictObject({
  contentId: id,
  title: z.string(),
  description: z.string(),
  /** The Spanish meaning, when the entry has one. */
  descriptionEs: z.string().optional(),
  exampleSentence: z.string().nullable(),
  country: countryCode,
  voteScore: z.number().int(),
  /** Open pronunciation requests: the queue's first order. */
  requests: z.number().int(),
});
export type VoiceNeed = z.infer<typeof voiceNeed>;

/**
 * GET /api/recording/requests?country=XX&limit=&cursor=: the country's visible entries with no
 * native recording, most requested first, then best voted, then id; `limit` 1..50 (default 20).
 */
export const voiceNeedsReply = z.strictObject({
  success,
  country: countryCode,
  data: z.array(voiceNeed),
  nextCursor,
  /** The country's visible entries in all. */
  total: z.number().int(),
  /** How many of them still have no native recording ("27 of 39 entries still need a voice"). */
  remaining: z.number().int(),
});
export type VoiceNeedsReply = z.infer<typeof voiceNeedsReply>;

/** GET /api/recording/voices: per country (all 21, in the countries' order), how many entries are voiced. */
export const voicesReply = z.strictObject({
  success,
  data: z.array(
    z.strictObject({
      country: countryCode,
      /** Visible entries of the country. */
      total: z.number().int(),
      /** Of those, how many have a native recording. */
      voiced: z.number().int(),
    }),
  ),
});
export type VoicesReply = z.infer<typeof voicesReply>;
