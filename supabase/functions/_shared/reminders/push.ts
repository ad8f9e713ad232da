import { deliverPush } from '../push/deliver.ts';
import { vapidFromEnv } from '../push/vapid.ts';
import { asService } from '../service-db.ts';
import { reminderLanguage, reminderText } from './strings.ts';
import type { ClaimedReminder } from './tick.ts';

/** Learners whose browsers are reached at once (a delivery uses the database only before and after its sends). */
const AT_ONCE = 8;

/** The reminder as a notification: the mail's subject, and its streak or due line. */
function reminderPayload(learner: ClaimedReminder) {
  const language = reminderLanguage(learner.language);
  const body = learner.streakAtStake
    ? reminderText(language, 'streak', { count: learner.currentStreak })
    : reminderText(language, 'due', { count: learner.dueCards });
  // One tag: today's reminder replaces yesterday's, on the device and waiting at the push service.
  return { title: reminderText(language, 'subject', { count: learner.dueCards }), body, url: '/flashcards', tag: 'jerga-reminder' };
}

/**
 * The tick's Web Push channel: each claimed learner who asked for push gets the reminder on
 * every subscribed browser (deliverPush: RFC 8291/8292; 404/410 remove a subscription).
 * Counts messages the push services took and those that failed; without VAPID keys every
 * learner's push counts as failed.
 */
export async function pushReminders(learners: ClaimedReminder[]): Promise<{ sent: number; failed: number }> {
  if (!vapidFromEnv()) {
    console.error('reminders: VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are not set; no push reminder can be sent');
    return { sent: 0, failed: learners.length };
  }
  let sent = 0;
  let failed = 0;
  for (let start = 0; start < learners.length; start += AT_ONCE) {
    const batch = learners.slice(start, start + AT_ONCE);
    const outcomes = await Promise.allSettled(batch.map((learner) => deliverPush(asService, learner.userId, reminderPayload(learner))));
    for (const outcome of outcomes) {
      if (outcome.status === 'fulfilled') {
        sent += outcome.value.sent;
        failed += outcome.value.failed;
      } else failed += 1;
    }
  }
  return { sent, failed };
}
