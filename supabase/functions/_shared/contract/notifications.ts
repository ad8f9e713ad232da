import { z } from 'zod';
import { countryCode, id, nextCursor, success, time } from './common.ts';

/** recording (issue 34): an entry the learner asked to hear has its first native recording. */
export const notificationKind = z.enum(['comment', 'reply', 'vote', 'moderation', 'recording']);
export type NotificationKind = z.infer<typeof notificationKind>;

/** A notification as public.notification_json shapes it. */
export const notification = z.strictObject({
  _id: id,
  kind: notificationKind,
  contentId: id.nullable(),
  commentId: id.nullable(),
  actorName: z.string().nullable(),
  /** People behind a grouped vote notification (1 otherwise). */
  count: z.number().int(),
  title: z.string().nullable(),
  /** A moderation outcome: held, removed or restored. */
  action: z.enum(['held', 'removed', 'restored']).nullable(),
  /** A recording notification: where its speaker is from (the entry's country). Absent otherwise. */
  country: countryCode.optional(),
  /** The server's English words; the client writes its own from the fields above. */
  text: z.string(),
  createdAt: time,
  read: z.boolean(),
});
export type AppNotification = z.infer<typeof notification>;

/** GET /api/notification/getNotifications: a page of the inbox, newest first, with the unread count. */
export const notificationsPage = z.strictObject({ data: z.array(notification), unread: z.number().int(), nextCursor });
export type NotificationsPage = z.infer<typeof notificationsPage>;

/** POST /api/notification/markRead: how many are still unread. */
export const markReadReply = z.strictObject({ success, unread: z.number().int() });
export type MarkReadReply = z.infer<typeof markReadReply>;
