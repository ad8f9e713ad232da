import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { NotificationsPage } from '@/lib/api-types';
import { notificationKeys } from './notification-keys';

export type { AppNotification, NotificationKind, NotificationsPage } from '@/lib/api-types';

export function inboxQueryOptions() {
  return infiniteQueryOptions({
    queryKey: notificationKeys.inbox(),
    // The signed-in learner's own: dropped at sign-out (auth-context.tsx).
    meta: { signedIn: true },
    queryFn: ({ pageParam, signal }) => api.get<NotificationsPage>('/notification/getNotifications', { query: { cursor: pageParam }, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (lastPage) => lastPage.nextCursor,
  });
}

/** The signed-in learner's inbox, newest first, with the unread count on every page. */
export function useInbox(options: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...inboxQueryOptions(), enabled: options.enabled ?? true });
}
