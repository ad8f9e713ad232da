import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { flashcardKeys } from './flashcard-keys';
import type { Flashcard } from './types';

export async function getFlashcards(userId: string, signal?: AbortSignal): Promise<Flashcard[]> {
  const reply = await api.get<{ data: Flashcard[] }>(`/flashcard/getFlashcards/${encodeURIComponent(userId)}`, { signal });
  return reply.data;
}

export function flashcardsQueryOptions(userId: string) {
  return queryOptions({ queryKey: flashcardKeys.list(userId), queryFn: ({ signal }) => getFlashcards(userId, signal) });
}

export function useFlashcards(userId: string, { enabled = true } = {}) {
  return useQuery({ ...flashcardsQueryOptions(userId), enabled });
}
