export const recordingKeys = {
  all: ['recordings'] as const,
  forEntry: (contentId: string) => [...recordingKeys.all, 'entry', contentId] as const,
};
