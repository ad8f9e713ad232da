export type QueueStatus = 'open' | 'resolved';

export const moderationKeys = {
  all: ['moderation'] as const,
  queues: () => [...moderationKeys.all, 'queue'] as const,
  queue: (status: QueueStatus) => [...moderationKeys.queues(), status] as const,
  audit: () => [...moderationKeys.all, 'audit'] as const,
};
