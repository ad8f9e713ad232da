export const conceptKeys = {
  all: ['concepts'] as const,
  /** The concept groups matching a search (the /compare page). */
  search: (q: string) => [...conceptKeys.all, 'search', q] as const,
  /** One group by its id (the /compare/:groupId page). */
  group: (groupId: string) => [...conceptKeys.all, 'group', groupId] as const,
};
