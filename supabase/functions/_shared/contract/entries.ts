import { z } from 'zod';
import { countryCode, id, moderation, nextCursor, success, time } from './common.ts';
import { tag } from './tags.ts';
import { entryUsage, myUsage } from './usage.ts';

/** The account that posted an entry, as anyone may see it. */
export const byline = z.strictObject({
  _id: id,
  /** The learner's display name. */
  name: z.string(),
});
export type Byline = z.infer<typeof byline>;

/** A vote on an entry, as replies name it. */
export const voteType = z.enum(['upvote', 'downvote']);
export type VoteType = z.infer<typeof voteType>;

/** An entry as public.entry_json shapes it, in the spec's field names. */
export const entry = z.strictObject({
  _id: id,
  title: z.string(),
  description: z.string(),
  /** The meaning in Spanish; null when only the English one was written. */
  descriptionEs: z.string().nullable(),
  /** Two-letter country code, e.g. "AR". */
  country: countryCode,
  hint: z.string().nullable(),
  exampleSentence: z.string().nullable(),
  /** The words of the example its author marked as the gap of a cloze card ([[…]] when written); absent when none. */
  exampleGap: z.string().optional(),
  author: z.string(),
  /** User id of the author; null when a guest added it. */
  owner: id.nullable(),
  /** The account that posted it (its public profile); null for a guest's entry or a deleted account's. */
  addedBy: byline.nullable(),
  /** True when the account that posted it was deleted (addedBy is then null). */
  ownerDeleted: z.boolean(),
  show: z.boolean(),
  /** upvotes - downvotes: the home grid's order. */
  voteCount: z.number().int(),
  upvotes: z.number().int(),
  downvotes: z.number().int(),
  /** The caller's own vote on it: null when none (always for guests). */
  userVote: voteType.nullable(),
  /** Whether the caller already has the entry as a flashcard (false for guests). */
  inFlashcards: z.boolean(),
  commentCount: z.number().int(),
  /** Countries where learners mark it offensive (the "rude in Spain" badge); empty when none. */
  rudeIn: z.array(countryCode),
  /** GET /api/content/getContentById only: how it lands per country (marked countries only). */
  usage: entryUsage.optional(),
  /** GET /api/content/getContentById only: the caller's own marks ({} for a guest). */
  myUsage: myUsage.optional(),
  createdAt: time,
  updatedAt: time,
  tags: z.array(tag),
  /** Only for its owner and admins, and only when set: held for moderators, or removed by them. */
  moderation: moderation.optional(),
});
export type Entry = z.infer<typeof entry>;

/**
 * An entry of the same group (concept) as another: the same meaning, most often in another
 * country. What the entry page lists under "Elsewhere".
 */
export const variant = z.strictObject({
  _id: id,
  title: z.string(),
  country: countryCode,
  /** The variant's vote score (upvotes - downvotes). */
  voteScore: z.number().int(),
  /** Linked to this entry itself, rather than through another of the group. */
  direct: z.boolean(),
  /** Whether the caller may remove the direct link (they made it, own either entry, or are an admin). */
  canUnlink: z.boolean(),
});
export type Variant = z.infer<typeof variant>;

/** GET /api/content/getContentById/:id: the entry with the rest of its variant group, its usage and the caller's marks. */
export const entryDetail = entry.extend({
  /** Shown entries only; countries by their best-voted form, then by code; best-voted first within one. */
  variants: z.array(variant),
  usage: entryUsage,
  myUsage,
});
export type EntryDetail = z.infer<typeof entryDetail>;

/** GET /api/content/getContents, getContentsSortedByVoteDesc, getContents/:userId. */
export const entryListReply = z.strictObject({
  data: z.array(entry),
  /** Pass back as `cursor` for the next page; null on the last page or when unpaginated. */
  nextCursor,
});
export type EntryListReply = z.infer<typeof entryListReply>;

/**
 * GET /api/content/wordOfTheDay?date=YYYY-MM-DD: the day's word (the same for everyone that
 * day), shaped as the lists shape an entry; null when no entry is shown at all.
 */
export const wordOfTheDayReply = z.strictObject({
  /** The day asked for (today in UTC when none was). */
  date: z.iso.date(),
  data: entry.nullable(),
});
export type WordOfTheDayReply = z.infer<typeof wordOfTheDayReply>;

/** POST /api/content/addContent (201). PUT updateContent answers the entry itself. */
export const addEntryReply = z.strictObject({ success, message: z.string(), data: entry });
export type AddEntryReply = z.infer<typeof addEntryReply>;

/** PUT /api/content/deleteContent. */
export const deleteEntryReply = z.strictObject({ success, message: z.string(), _id: id });
export type DeleteEntryReply = z.infer<typeof deleteEntryReply>;

/** GET /api/content/findSameTitle: entries with the title in the country, best-voted first (at most five). */
export const sameTitleReply = z.strictObject({ data: z.array(entry) });
export type SameTitleReply = z.infer<typeof sameTitleReply>;

/** POST /api/content/linkVariant (201 when linked now, 200 when already linked): the content's variants. */
export const linkVariantReply = z.strictObject({ success, created: z.boolean(), data: z.array(variant) });
export type LinkVariantReply = z.infer<typeof linkVariantReply>;

/** DELETE /api/content/unlinkVariant/:contentId/:variantId: the content's variants afterwards. */
export const unlinkVariantReply = z.strictObject({ success, data: z.array(variant) });
export type UnlinkVariantReply = z.infer<typeof unlinkVariantReply>;
