export type { DueFlashcard, DueReply, Flashcard, FlashcardContent, FlashcardKind, FlashcardState, RatingPreview } from '@/lib/api-types';

/** The spec's four review qualities: FSRS ratings 1–4. */
export const RATINGS = ['Again', 'Hard', 'Good', 'Easy'] as const;
export type Rating = (typeof RATINGS)[number];

