import { useMutation, useQueryClient } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries/api/entry-keys';
import { commentKeys } from '@/features/comments/api/comment-keys';
import { api } from '@/lib/api';
import type { ResolveReportReply } from '@/lib/api-types';
import type { ModerationCase, Resolution } from './get-reports';
import { moderationKeys } from './moderation-keys';

export interface ResolveRequest {
  contentId: string;
  commentId: string | null;
  /** A variant link's case: the link between contentId and variantId. */
  variantId?: string | null;
  /** A recording's case: the recording. */
  recordingId?: string | null;
  action: Resolution;
  note?: string;
}

export async function resolveReport({ contentId, commentId, variantId, recordingId, action, note }: ResolveRequest): Promise<ModerationCase> {
  const target = recordingId ? { recordingId } : variantId ? { contentId, variantId } : commentId ? { commentId } : { contentId };
  const reply = await api.post<ResolveReportReply>('/admin/resolveReport', { ...target, action, ...(note ? { note } : {}) });
  return reply.data;
}

/**
 * Restore, remove or dismiss; the queue, the entry and its lists refetch. `onDone` and
 * `onFailed` belong to the mutation, not to the caller's component: they run even when the live
 * queue has already unmounted the resolved row (callbacks given to `mutate` would not).
 */
export function useResolveReport(
  callbacks: { onDone?: (request: ResolveRequest) => void; onFailed?: (failure: Error, request: ResolveRequest) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resolveReport,
    onError: callbacks.onFailed,
    onSuccess: (_case, request) => {
      callbacks.onDone?.(request);
      const { contentId, variantId } = request;
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: moderationKeys.all }),
        queryClient.invalidateQueries({ queryKey: entryKeys.detail(contentId) }),
        ...(variantId ? [queryClient.invalidateQueries({ queryKey: entryKeys.detail(variantId) })] : []),
        queryClient.invalidateQueries({ queryKey: entryKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: commentKeys.forEntry(contentId) }),
      ]);
    },
  });
}
