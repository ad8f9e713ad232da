import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { FlashcardsReply } from '@/lib/api-types';
import { flashcardKeys } from './flashcard-keys';
import type { Flashcard } from './types';

export async function getFlashcards(userId: string, signal?: AbortSignal): Promise<Flashcard[]> {
  // palabrotas' reply: the cards themselves, a bare array (its fields beside ours).
  return api.get<FlashcardsReply>(`/flashcard/getFlashcards/${encodeURIComponent(userId)}`, { signal });
}

export function flashcardsQueryOptions(userId: string) {
  return queryOptions({ queryKey: flashcardKeys.list(userId), queryFn: ({ signal }) => getFlashcards(userId, signal) });
}

export function useFlashcards(userId: string, { enabled = true } = {}) {
  return useQuery({ ...flashcardsQueryOptions(userId), enabled });
}
