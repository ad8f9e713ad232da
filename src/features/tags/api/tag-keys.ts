export const tagKeys = {
  all: ['tags'] as const,
  list: () => [...tagKeys.all, 'list'] as const,
  forEntry: (entryId: string) => [...tagKeys.all, 'entry', entryId] as const,
};
