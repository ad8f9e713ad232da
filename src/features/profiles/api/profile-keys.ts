export const profileKeys = {
  all: ['profiles'] as const,
  /** A learner's public profile and their shown entries, a page at a time. */
  detail: (userId: string) => [...profileKeys.all, userId] as const,
};
