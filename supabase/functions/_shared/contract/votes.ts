import { z } from 'zod';
import { id, success, time } from './common.ts';
import { voteType } from './entries.ts';

/** An entry's tallies and the caller's own vote (public.vote_summary). */
export const voteSummary = z.strictObject({
  contentId: id,
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  voteCount: z.number().int(),
  /** null when none (always for guests). */
  userVote: voteType.nullable(),
});
export type VoteSummary = z.infer<typeof voteSummary>;

/** POST /api/vote/addVote (201). */
export const addVoteReply = z.strictObject({ success, message: z.string(), data: voteSummary });
export type AddVoteReply = z.infer<typeof addVoteReply>;

/** GET /api/vote/getVoteSummary/:contentId, DELETE /api/vote/removeVote/:contentId. */
export const voteSummaryReply = z.strictObject({ success, data: voteSummary });
export type VoteSummaryReply = z.infer<typeof voteSummaryReply>;

/** A vote in palabrotas' Vote fields (public.entry_votes), `user` with its name. */
export const palabrotasVote = z.strictObject({
  /** Stable per voter and entry (a vote has no id of its own). */
  _id: id,
  /** = contentId. */
  content: id,
  user: z.strictObject({ _id: id, name: z.string() }),
  voteType,
  createdAt: time,
  updatedAt: time,
  contentId: id,
  userId: id,
});
export type PalabrotasVote = z.infer<typeof palabrotasVote>;

/** GET /api/vote/getVotesByContentId/:contentId: the votes as a bare array, newest first. */
export const votesReply = z.array(palabrotasVote);
export type VotesReply = z.infer<typeof votesReply>;
