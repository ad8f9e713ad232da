/** FSRS card states as the /api names them. */
export type FlashcardState = 'new' | 'learning' | 'review' | 'relearning';

/** The spec's four review qualities: FSRS ratings 1–4. */
export const RATINGS = ['Again', 'Hard', 'Good', 'Easy'] as const;
export type Rating = (typeof RATINGS)[number];

/** The entry a card is made from (exampleSentence and hint are '' when the entry has none). */
export interface FlashcardContent {
  _id: string;
  title: string;
  description: string;
  exampleSentence: string;
  hint: string;
  country: string;
}

export interface Flashcard {
  _id: string;
  userId: string;
  contentId: string;
  createdAt: string;
  due: string;
  state: FlashcardState;
  stability: number;
  difficulty: number;
  scheduledDays: number;
  learningSteps: number;
  reps: number;
  lapses: number;
  lastReview: string | null;
  content: FlashcardContent;
}

export interface RatingPreview {
  due: string;
  scheduledDays: number;
}

/** A card due today, with what each rating would schedule (computed when it was fetched). */
export interface DueFlashcard extends Flashcard {
  retrievability: number | null;
  preview: Record<'again' | 'hard' | 'good' | 'easy', RatingPreview>;
}
