/** Query keys of the voice queue (/record) and the voices summary (/voices). */
export const voiceKeys = {
  all: ['voices'] as const,
  summary: () => [...voiceKeys.all, 'summary'] as const,
  /** A country's queue, page by page. */
  queue: (country: string) => [...voiceKeys.all, 'queue', country] as const,
  /** A country's counts: its entries, and how many still need a voice. */
  count: (country: string) => [...voiceKeys.all, 'count', country] as const,
};
