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
export const conceptGroup = z.strictObject({ entries: z.array(conceptEntry) });
export type ConceptGroup = z.infer<typeof conceptGroup>;

/** GET /api/concept/search?q= — the matching groups, best first (at most 20). */
export const conceptSearchReply = z.strictObject({ data: z.array(conceptGroup) });
export type ConceptSearchReply = z.infer<typeof conceptSearchReply>;
