import { apiRequest } from '@/lib/api';
import type { NotificationSettings, ReminderSettings, UpdateUserReply, User } from '@/lib/api-types';

/** What POST /api/user/update may change of the signed-in user (every field optional). */
export interface UserUpdate {
  name?: string;
  timeZone?: string;
  email?: string;
  password?: string;
  /** Needed (by the server) to change `email` or `password`, not for name or time zone. */
  currentPassword?: string;
  notifications?: Partial<NotificationSettings>;
  /** Where the learner lives (a country code); null clears it. */
  homeCountry?: string | null;
  /** Where the learner's Spanish is from (a country code), which labels their recordings; null clears it. */
  speakerCountry?: string | null;
  /** Daily limits of the review session: New cards (0–999) and Review-card reviews (0–9999). */
  newCardsPerDay?: number;
  maxReviewsPerDay?: number;
  /** The daily reminder's switches (e-mail, Web Push) and local time ("HH:MM"); each optional. */
  reminders?: Partial<ReminderSettings>;
  /** The language the learner reads Jerga in: reminders are written in it. */
  language?: User['language'];
  /** The end of a review session offered the e-mail reminder (it does so once). */
  reminderOffered?: true;
}

/** Spec §7: serialized JSON with no content-type header; a reply without a user is "Update failed". */
export async function updateUser(update: UserUpdate): Promise<User> {
  const reply = await apiRequest<UpdateUserReply>('/user/update', { method: 'POST', body: update, untypedBody: true });
  if (!reply?.user) throw new Error('Update failed');
  return reply.user;
}
