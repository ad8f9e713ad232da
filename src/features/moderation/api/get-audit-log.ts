import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AuditPage } from '@/lib/api-types';
import { moderationKeys } from './moderation-keys';

export type { AuditPage, AuditRow } from '@/lib/api-types';

export function auditLogQueryOptions() {
  return infiniteQueryOptions({
    queryKey: moderationKeys.audit(),
    queryFn: ({ pageParam, signal }) => api.get<AuditPage>('/admin/getAuditLog', { query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** Every admin action, newest first (admins only). */
export function useAuditLog(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...auditLogQueryOptions(), enabled: options.enabled ?? true });
}
