export const commentKeys = {
  all: ['comments'] as const,
  forEntry: (entryId: string) => [...commentKeys.all, 'entry', entryId] as const,
};
