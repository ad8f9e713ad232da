import type { ReminderSettings } from '@/lib/api-types';

/** A reminder's local time as /api/user/update and SQL take it: HH:MM, 00:00..23:59. */
export const REMINDER_TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The settings before the profile has said (a stand-in user): off, at 19:00. */
export const DEFAULT_REMINDERS: ReminderSettings = { email: false, push: false, time: '19:00' };

/** "19:00" as the reader says a time of day: 7:00 PM in English, 19:00 in Spanish. */
export function spokenTime(time: string, language: string | undefined): string {
  const [hours, minutes] = time.split(':').map(Number);
  try {
    return new Intl.DateTimeFormat(language, { hour: 'numeric', minute: '2-digit', timeZone: 'UTC' }).format(Date.UTC(2000, 0, 1, hours, minutes));
  } catch {
    return time;
  }
}
