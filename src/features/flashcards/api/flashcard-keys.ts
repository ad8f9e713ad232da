export const flashcardKeys = {
  all: ['flashcards'] as const,
  /** All of a learner's cards (only asked for to tell "none yet" from "all done"). */
  list: (userId: string) => [...flashcardKeys.all, 'list', userId] as const,
  /** The cards due by the end of the learner's local day. */
  due: (userId: string) => [...flashcardKeys.all, 'due', userId] as const,
  /** Where the learner stands today: the streak's day and the session's progress (the header's). */
  today: (userId: string) => [...flashcardKeys.all, 'today', userId] as const,
  /** The card browser's pages for one set of filters. */
  browse: (userId: string, filters?: object) => [...flashcardKeys.all, 'browse', userId, ...(filters ? [filters] : [])] as const,
  /** The kinds of card a learner has of one entry. */
  kinds: (userId: string, entryId: string) => [...flashcardKeys.all, 'kinds', userId, entryId] as const,
};
