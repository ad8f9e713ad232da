export const recordingKeys = {
  all: ['recordings'] as const,
  forEntry: (contentId: string) => [...recordingKeys.all, 'entry', contentId] as const,
  /**
   * The entry's pronunciation requests: under its list's key, so whatever refetches the list
   * (the `recordings` broadcast, a rejoin, a new recording) refetches them too.
   */
  requestFor: (contentId: string) => [...recordingKeys.forEntry(contentId), 'request'] as const,
};
