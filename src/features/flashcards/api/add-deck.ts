import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AddDeckReply } from '@contract/decks';
import { api } from '@/lib/api';
import { flashcardKeys } from './flashcard-keys';

export type { AddDeckReply };

/** A deck's filter: a country's code and/or a tag's name (as the card browser filters). */
export interface DeckFilter {
  country?: string;
  tag?: string;
}

/** The cards a deck adds at most (the /api's default): what the button promises. */
export const DECK_SIZE = 20;

export function addDeck(filter: DeckFilter): Promise<AddDeckReply> {
  return api.post<AddDeckReply>('/flashcard/addDeck', { ...filter, limit: DECK_SIZE });
}

/** Adds a deck of the learner's; every cached list of their cards is read again. */
export function useAddDeck(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addDeck,
    onSuccess: ({ added }) => {
      if (added > 0 && userId) void queryClient.invalidateQueries({ queryKey: [...flashcardKeys.all] });
    },
  });
}
