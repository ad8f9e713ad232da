/** The home grid's order: best voted first (absent: the default) or newest first. */
export type EntrySort = 'top' | 'new';

/** Filters the home grid sends to the server. Sorted arrays so equal filters share a cache entry. */
export interface EntryFilters {
  q: string;
  countries: string[];
  tags: string[];
  /** Only when newest first: the best-voted list's key stays as it always was. */
  sort?: 'new';
}

export const entryKeys = {
  all: ['entries'] as const,
  lists: () => [...entryKeys.all, 'list'] as const,
  list: (filters: EntryFilters) => [...entryKeys.lists(), filters] as const,
  /** One person's entries (their Account page), hidden ones included for the owner. */
  byOwner: (userId: string) => [...entryKeys.lists(), 'owner', userId] as const,
  /** The word of one calendar day (YYYY-MM-DD). */
  wordOfTheDay: (date: string) => [...entryKeys.all, 'word-of-the-day', date] as const,
  details: () => [...entryKeys.all, 'detail'] as const,
  detail: (id: string) => [...entryKeys.details(), id] as const,
};
