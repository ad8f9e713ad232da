import { z } from 'zod';
import { countryCode, id } from './common.ts';

/** One member of a concept group as the concept search shows it. */
export const conceptEntry = z.strictObject({
  _id: id,
  title: z.string(),
  country: countryCode,
  /** The meaning in English. */
  description: z.string(),
  /** The meaning in Spanish; null when only the English one was written. */
  descriptionEs: z.string().nullable(),
});
export type ConceptEntry = z.infer<typeof conceptEntry>;

/** A concept: entries linked as one meaning in their countries, the ones the caller can see, by country. */
export const conceptGroup = z.strictObject({
  /** The group's id (public.concept_members.concept_id): its page is /compare/:groupId. */
  groupId: id,
  entries: z.array(conceptEntry),
});
export type ConceptGroup = z.infer<typeof conceptGroup>;

/** GET /api/concept/search?q= — the matching groups, best first (at most 20). */
export const conceptSearchReply = z.strictObject({ data: z.array(conceptGroup) });
export type ConceptSearchReply = z.infer<typeof conceptSearchReply>;

/** One member of a group as GET /api/concept/:groupId shows it: as the search does, with its vote score. */
export const conceptGroupEntry = conceptEntry.extend({
  /** Upvotes minus downvotes: the best-voted member names the group. */
  voteScore: z.number().int(),
});
export type ConceptGroupEntry = z.infer<typeof conceptGroupEntry>;

/** GET /api/concept/:groupId — one group's members the caller can see, by country (404 concept_not_found when none). */
export const conceptGroupReply = z.strictObject({
  data: z.strictObject({ groupId: id, entries: z.array(conceptGroupEntry) }),
});
export type ConceptGroupReply = z.infer<typeof conceptGroupReply>;
