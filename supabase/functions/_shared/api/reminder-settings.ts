import { z } from 'zod';
import type { Tx } from '../db.ts';

const reminderSwitch = z.boolean({ error: 'reminder_switch_invalid' }).optional();

/**
 * The reminder fields of POST /api/user/update, each optional: `reminders` {email, push,
 * time "HH:MM"} (the learner's local time, 00:00..23:59), `language` ('en' | 'es', what
 * reminders are written in) and `reminderOffered: true` (the end of a session offered the
 * reminder). public.set_reminders and set_language check the same rules.
 */
export const reminderFields = {
  reminders: z
    .object(
      {
        email: reminderSwitch,
        push: reminderSwitch,
        time: z
          .string({ error: 'reminder_time_invalid' })
          .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'reminder_time_invalid')
          .optional(),
      },
      { error: 'invalid_input' },
    )
    .optional(),
  language: z.enum(['en', 'es'], { error: 'language_invalid' }).optional(),
  reminderOffered: z.literal(true, { error: 'invalid_input' }).optional(),
};

type ReminderUpdate = z.infer<z.ZodObject<typeof reminderFields>>;

/** True when the body changes a reminder setting. */
export const changesReminders = (body: ReminderUpdate) => [body.reminders, body.language, body.reminderOffered].some((value) => value !== undefined);

/** Writes the body's reminder settings as the caller (inside the update's transaction). */
export async function saveReminderSettings(tx: Tx, body: ReminderUpdate): Promise<void> {
  if (body.reminders !== undefined || body.reminderOffered !== undefined) {
    const { email, push, time } = body.reminders ?? {};
    await tx`select public.set_reminders(${email ?? null}::boolean, ${push ?? null}::boolean, ${time ?? null}::text, ${body.reminderOffered ?? null}::boolean)`;
  }
  if (body.language !== undefined) await tx`select public.set_language(${body.language}::text)`;
}
