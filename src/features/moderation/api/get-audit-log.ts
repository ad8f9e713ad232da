import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { moderationKeys } from './moderation-keys';

export interface AuditRow {
  _id: number;
  action: string;
  actor: { _id: string | null; name: string | null };
  targetType: 'entry' | 'comment' | 'tag' | 'user' | 'feedback' | 'variant_link';
  targetId: string;
  targetLabel: string | null;
  reason: string | null;
  createdAt: string;
}

export interface AuditPage {
  data: AuditRow[];
  nextCursor: string | null;
}

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
