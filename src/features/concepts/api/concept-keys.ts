export const conceptKeys = {
  all: ['concepts'] as const,
  /** The concept groups matching a search (the /compare page). */
  search: (q: string) => [...conceptKeys.all, 'search', q] as const,
};
