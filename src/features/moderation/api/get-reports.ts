import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ReportsPage } from '@/lib/api-types';
import { moderationKeys, type QueueStatus } from './moderation-keys';

export type { CaseReporter, LinkedEntryPreview, LinkPreview, ModerationCase, RecordingPreview, ReportReason, ReportsPage, Resolution } from '@/lib/api-types';

export function getReports(status: QueueStatus, cursor: string | null, signal?: AbortSignal): Promise<ReportsPage> {
  return api.get<ReportsPage>('/admin/getReports', { query: { status, cursor }, signal });
}

export function reportsQueryOptions(status: QueueStatus) {
  return infiniteQueryOptions({
    queryKey: moderationKeys.queue(status),
    queryFn: ({ pageParam, signal }) => getReports(status, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The moderation queue, newest report first (admins only). */
export function useReports(status: QueueStatus, options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...reportsQueryOptions(status), enabled: options.enabled ?? true });
}
