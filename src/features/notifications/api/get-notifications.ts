import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { notificationKeys } from './notification-keys';

export type NotificationKind = 'comment' | 'reply' | 'vote' | 'moderation';

/** A notification as GET /api/notification/getNotifications sends it. */
export interface AppNotification {
  _id: string;
  kind: NotificationKind;
  contentId: string | null;
  commentId: string | null;
  actorName: string | null;
  /** People behind a grouped vote notification. */
  count: number;
  title: string | null;
  /** A moderation outcome: held, removed or restored. */
  action: 'held' | 'removed' | 'restored' | null;
  /** The server's English words; the client writes its own from the fields above. */
  text: string;
  createdAt: string;
  read: boolean;
}

export interface NotificationsPage {
  data: AppNotification[];
  unread: number;
  nextCursor: string | null;
}

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
