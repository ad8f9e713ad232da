import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Flashcard, Rating } from './types';

export interface Review {
  flashcardId: string;
  quality: Rating;
}

export async function reviewFlashcard({ flashcardId, quality }: Review): Promise<Flashcard> {
  const reply = await api.put<{ data: Flashcard }>(`/flashcard/updateFlashcardReview/${encodeURIComponent(flashcardId)}`, { quality });
  return reply.data;
}

/** Rates a card; the review screen owns the queue, so there is no cache to update here. */
export function useReviewFlashcard() {
  return useMutation({ mutationFn: reviewFlashcard });
}
