export const voteKeys = {
  all: ['votes'] as const,
  /** An entry's tallies and the caller's own vote. */
  summary: (entryId: string) => [...voteKeys.all, 'summary', entryId] as const,
};
