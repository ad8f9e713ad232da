import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { MarkReadReply } from '@/lib/api-types';
import { notificationKeys } from './notification-keys';

export type MarkRead = { ids: string[] } | { all: true };

/** Marks notifications read; the bell and the inbox refetch. */
export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (which: MarkRead) => api.post<MarkReadReply>('/notification/markRead', which),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}
