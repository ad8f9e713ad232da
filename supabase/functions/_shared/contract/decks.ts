import { z } from 'zod';
import { success } from './common.ts';

/**
 * `POST /api/flashcard/addDeck {country?, tag?, limit}` (issue 35): the best-voted visible
 * entries matching the country and/or tag that the learner held no basic card of, added as
 * basic cards. `added` cards were made; `skipped` matching entries were passed over because
 * the learner already held them: walking the matches best-voted first (then newest, then id),
 * the held ones ranked before the last card added, or every held match when fewer than
 * `limit` were left to add (public.add_deck).
 */
export const addDeckReply = z.strictObject({
  success,
  added: z.number().int().min(0),
  skipped: z.number().int().min(0),
});
export type AddDeckReply = z.infer<typeof addDeckReply>;

/**
 * `POST /api/flashcard/importAnki` (issue 35): what merging a package's review log did.
 * `added` reviews were new and replayed into their cards; `present` were already in Jerga (the
 * same card at the same instant); `skipped` could not be taken (a card of an unknown note, a
 * card the learner does not hold, a rescheduling rather than a rating), and `unknownNotes`
 * counts the notes whose cards were skipped for not being the learner's Jerga notes.
 */
export const ankiImportReply = z.strictObject({
  success,
  added: z.number().int().min(0),
  present: z.number().int().min(0),
  skipped: z.number().int().min(0),
  unknownNotes: z.number().int().min(0),
  /** The cards whose schedules changed (each replayed once). */
  cards: z.number().int().min(0),
});
export type AnkiImportReply = z.infer<typeof ankiImportReply>;
