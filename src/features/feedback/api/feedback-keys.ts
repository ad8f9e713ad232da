export const feedbackKeys = {
  all: ['feedback'] as const,
  list: (limit: number) => [...feedbackKeys.all, 'list', { limit }] as const,
};
