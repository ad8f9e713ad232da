import type { Flashcard, FlashcardVariant } from '@/lib/api-types';

export type { Flashcard, FlashcardContent, FlashcardKind, FlashcardState } from '@/lib/api-types';

/** The spec's four review qualities: FSRS ratings 1–4. */
export const RATINGS = ['Again', 'Hard', 'Good', 'Easy'] as const;
export type Rating = (typeof RATINGS)[number];

export interface RatingPreview {
  due: string;
  scheduledDays: number;
}

/** A card due today, with what each rating would schedule (computed when it was fetched). */
export interface DueFlashcard extends Flashcard {
  retrievability: number | null;
  preview: Record<'again' | 'hard' | 'good' | 'easy', RatingPreview>;
  /** A variant card's back: the other forms of its entry's group (variant cards only). */
  variants?: FlashcardVariant[];
}
