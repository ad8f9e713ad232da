import { z } from 'zod';
import { countryCode, id, nextCursor, success, time } from './common.ts';
import { streakUpdate } from './streaks.ts';

/** FSRS card states as the /api names them. */
export const flashcardState = z.enum(['new', 'learning', 'review', 'relearning']);
export type FlashcardState = z.infer<typeof flashcardState>;

/**
 * What a card asks: the word (basic), the word from its meaning and country (reverse), the
 * word missing from the example (cloze), one country's form of a meaning (variant), the word
 * and its meaning from the entry's native recording (listening, issue 34).
 */
export const flashcardKind = z.enum(['basic', 'reverse', 'cloze', 'variant', 'listening']);
export type FlashcardKind = z.infer<typeof flashcardKind>;

/** The entry a card is made from (exampleSentence and hint are '' when the entry has none). */
export const flashcardContent = z.strictObject({
  _id: id,
  title: z.string(),
  description: z.string(),
  /** The meaning in Spanish, null when only the English one was written. */
  descriptionEs: z.string().nullable(),
  exampleSentence: z.string(),
  hint: z.string(),
  country: countryCode,
});
export type FlashcardContent = z.infer<typeof flashcardContent>;

/**
 * The entry's best native recording (said from the entry's own country, not hidden by
 * moderation: best voted, then newest), as a card carries it so a review plays it without
 * asking for the entry's recordings (and from the device's copy, offline). A browser builds
 * its address from `path` (the recordings bucket is public).
 */
export const flashcardRecording = z.strictObject({
  _id: id,
  /** The file's name in the recordings bucket: <userId>/<contentId>/<file>. */
  path: z.string(),
  /** How long it lasts, when the recorder said; null otherwise. */
  durationMs: z.number().int().nullable(),
  /** The speaker's country: always the entry's own (that is what makes it native). */
  speakerCountry: countryCode,
});
export type FlashcardRecording = z.infer<typeof flashcardRecording>;

/** A card as private.flashcard_json shapes it. */
export const flashcard = z.strictObject({
  _id: id,
  userId: id,
  contentId: id,
  kind: flashcardKind,
  /**
   * The card's front in English: basic the word; reverse "<meaning> — <Country>"; cloze the
   * example with the word blanked as _____ (never the word); variant "<meaning> — in <Country>?";
   * listening "Listen — <Country>" (its front is the recording).
   */
  prompt: z.string(),
  createdAt: time,
  due: time,
  state: flashcardState,
  stability: z.number(),
  difficulty: z.number(),
  scheduledDays: z.number().int(),
  learningSteps: z.number().int(),
  reps: z.number().int(),
  lapses: z.number().int(),
  lastReview: time.nullable(),
  /** The entry's best native recording, or null when it has none (issue 34). */
  recording: flashcardRecording.nullable(),
  content: flashcardContent,
});
export type Flashcard = z.infer<typeof flashcard>;

/** Per rating, what the button would schedule. */
export const ratingPreview = z.strictObject({ due: time, scheduledDays: z.number().int() });
export type RatingPreview = z.infer<typeof ratingPreview>;

/** The four buttons' previews, by the /api's names of the ratings. */
export const ratingPreviews = z.strictObject({ again: ratingPreview, hard: ratingPreview, good: ratingPreview, easy: ratingPreview });
export type RatingPreviews = z.infer<typeof ratingPreviews>;

/** A variant card's back: another form of the entry's group (shown entries), by country. */
export const flashcardVariant = z.strictObject({ _id: id, title: z.string(), country: countryCode });
export type FlashcardVariant = z.infer<typeof flashcardVariant>;

/** A card of a review session (private.due_flashcard_json): what each rating would schedule, computed when it was read. */
export const dueFlashcard = flashcard.extend({
  /** The chance of recalling it now; null for a new card. */
  retrievability: z.number().nullable(),
  preview: ratingPreviews,
  /** A variant card's back: the other forms of its entry's group (variant cards only). */
  variants: z.array(flashcardVariant).optional(),
});
export type DueFlashcard = z.infer<typeof dueFlashcard>;

/** Today's review session against the learner's daily limits. */
export const dailyProgress = z.strictObject({
  newCardsPerDay: z.number().int(),
  maxReviewsPerDay: z.number().int(),
  /** New cards introduced and Review cards reviewed so far in the learner's local day. */
  newCards: z.number().int(),
  reviews: z.number().int(),
});
export type DailyProgress = z.infer<typeof dailyProgress>;

/** GET /api/flashcard/getDueFlashcards/:userId with `limit` (and `ahead=1` for `nextDay`). */
export const dueReply = z.strictObject({
  success,
  /** The first `limit` cards of today's session, oldest due first. */
  data: z.array(dueFlashcard),
  /** Today's whole session. */
  total: z.number().int(),
  /** Of `total`, the cards in a (re)learning step: today's counts show them as learning, not left. */
  learning: z.number().int(),
  today: dailyProgress,
  /**
   * With `ahead=1`: when the learner's next local day starts, and its session's cards (within
   * its limits); `spare`: the New and Review cards that come next in it, for the cards today's
   * session may still take.
   */
  nextDay: z.strictObject({ from: time, cards: z.array(dueFlashcard), spare: z.array(dueFlashcard) }).optional(),
});
export type DueReply = z.infer<typeof dueReply>;

/** POST /api/flashcard/addFlashcard (201). */
export const addFlashcardReply = z.strictObject({ success, message: z.string(), data: flashcard });
export type AddFlashcardReply = z.infer<typeof addFlashcardReply>;

/** POST /api/flashcard/addVariantDrill (201 when any were added, else 200): how many variant cards were added, and which. */
export const variantDrillReply = z.strictObject({ success, added: z.number().int(), data: z.array(flashcard) });
export type VariantDrill = z.infer<typeof variantDrillReply>;

/** GET /api/flashcard/getFlashcardKinds/:contentId: the kinds of the caller's cards of one entry. */
export const flashcardKindsReply = z.strictObject({ success, data: z.array(flashcardKind) });
export type FlashcardKindsReply = z.infer<typeof flashcardKindsReply>;

/** A card as the browser (GET /api/flashcard/browse/:userId) lists it. */
export const browsedFlashcard = flashcard.extend({
  /** Suspended cards are never in a review session. */
  suspended: z.boolean(),
  /** The entry's tag names. */
  tags: z.array(z.string()),
});
export type BrowsedFlashcard = z.infer<typeof browsedFlashcard>;

/** GET /api/flashcard/browse/:userId: the learner's cards matching the filters, newest first. */
export const browsePage = z.strictObject({ success, data: z.array(browsedFlashcard), nextCursor });
export type BrowsePage = z.infer<typeof browsePage>;

/** PUT /api/flashcard/suspend/:id and reset/:id: the card as the browser lists it. */
export const browsedFlashcardReply = z.strictObject({ success, data: browsedFlashcard });
export type BrowsedFlashcardReply = z.infer<typeof browsedFlashcardReply>;

/** DELETE /api/flashcard/removeFlashcard/:id, DELETE /api/chat/:id: the id of what is gone. */
export const removedReply = z.strictObject({ success, data: z.strictObject({ _id: id }) });
export type RemovedReply = z.infer<typeof removedReply>;

/** palabrotas' previewIntervals: whole days until due per button (0 = again today). */
export const palabrotasPreviewIntervals = z.strictObject({
  Again: z.number().int(),
  Hard: z.number().int(),
  Good: z.number().int(),
  Easy: z.number().int(),
});
export type PalabrotasPreviewIntervals = z.infer<typeof palabrotasPreviewIntervals>;

/** palabrotas' Flashcard fields, beside the /api's card (github.com/dikuw/palabrotas). */
const palabrotasFields = {
  /** The owner's id (palabrotas' `user`). */
  user: id,
  lastReviewed: time,
  /** = due. */
  nextReview: time,
  /** = scheduledDays. */
  interval: z.number().int(),
  /** SM-2 ease read from the FSRS difficulty (2.5 for a new card). */
  ease: z.number(),
  /** = reps. */
  reviewCount: z.number().int(),
  updatedAt: time,
  /** Where the card's button previews are known (a session's cards, a rating's answer). */
  previewIntervals: palabrotasPreviewIntervals.optional(),
};

/** A card as palabrotas' controllers answer it: its fields over the /api's Flashcard. */
export const palabrotasFlashcard = flashcard.extend(palabrotasFields);
export type PalabrotasFlashcard = z.infer<typeof palabrotasFlashcard>;

/** GET /api/flashcard/getFlashcards/:userId: every card, as a bare array. */
export const flashcardsReply = z.array(palabrotasFlashcard);
export type FlashcardsReply = z.infer<typeof flashcardsReply>;

/** GET /api/flashcard/getDueFlashcards/:userId without `limit`: the session's first 100 cards, as a bare array. */
export const palabrotasDueReply = z.array(dueFlashcard.extend(palabrotasFields));
export type PalabrotasDueReply = z.infer<typeof palabrotasDueReply>;

/**
 * PUT /api/flashcard/updateFlashcardReview/:id: palabrotas' card with what each button would
 * schedule now at the top; beside it the app's: `data` (the card as the /api shapes it), the
 * streak day the rating counted, and whether this reviewId had been taken already.
 */
export const reviewReply = palabrotasFlashcard.extend({
  success,
  data: flashcard,
  streak: streakUpdate,
  /** This reviewId had been applied already: nothing changed. */
  duplicate: z.boolean(),
});
export type ReviewReply = z.infer<typeof reviewReply>;
