import { env } from '../env.ts';
import { asService } from '../service-db.ts';
import { renderReminderMail, type ReminderWord } from './mail.ts';
import { smtpMailerFromEnv, type ReminderMailer } from './mailer.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** One learner a tick claimed (a row of private.claim_reminders). */
export interface ClaimedReminder {
  userId: string;
  email: string | null;
  name: string;
  language: string;
  dueCards: number;
  currentStreak: number;
  streakAtStake: boolean;
  byEmail: boolean;
  byPush: boolean;
  /** The learner's local date (YYYY-MM-DD): the day this reminder is for. */
  localDate: string;
}

/**
 * What the other parts of issue 32 plug into the tick (supabase/functions/reminders/app.ts
 * passes them): Web Push for the claimed learners whose push flag is on, and the word of
 * the day for a local date. Without them, no push is sent and the mail has no word.
 */
export interface ReminderChannels {
  push?: (learners: ClaimedReminder[]) => Promise<{ sent: number; failed: number }>;
  /** The word for a local date (YYYY-MM-DD), in a language (en, es). */
  wordOfTheDay?: (date: string, language: string) => Promise<ReminderWord | null>;
}

/** What one tick did, as the reminders function answers (without `learners`). */
export interface ReminderTickResult {
  /** Learners claimed: reminded (or tried) this tick, never again today. */
  claimed: number;
  /** Mails the SMTP server accepted. */
  mailed: number;
  /** Mails it refused or that could not be sent (not retried: at most one reminder a day). */
  failed: number;
  /** Claimed learners whose push flag is on. */
  pushWanted: number;
  pushSent: number;
  pushFailed: number;
  /** The claimed rows, push flags included, for whoever runs the tick in-process. */
  learners: ClaimedReminder[];
}

/**
 * Learners per claim; a tick claims again while full batches keep coming and time allows. No
 * batch is claimed after 6 s, so a tick ends within about 10 s (a batch's mail takes a few
 * seconds) even after a long stop: the claim's window is an hour, so the next minute's tick
 * takes whoever is left.
 */
const BATCH = 500;
const TICK_BUDGET_MS = 6_000;

interface ClaimRow {
  user_id: string;
  email: string | null;
  name: string;
  language: string;
  due_cards: number;
  current_streak: number;
  streak_at_stake: boolean;
  by_email: boolean;
  by_push: boolean;
  local_date: string;
}

async function claim(at: Date): Promise<ClaimedReminder[]> {
  const rows = await asService(
    (tx) => tx<ClaimRow[]>`select user_id, email, name, language, due_cards, current_streak, streak_at_stake, by_email, by_push,
                                  to_char(local_date, 'YYYY-MM-DD') as local_date
                             from private.claim_reminders(${at.toISOString()}::timestamptz, ${BATCH})`,
  );
  return rows.map((row) => ({
    userId: row.user_id,
    email: row.email,
    name: row.name,
    language: row.language,
    dueCards: row.due_cards,
    currentStreak: row.current_streak,
    streakAtStake: row.streak_at_stake,
    byEmail: row.by_email,
    byPush: row.by_push,
    localDate: row.local_date,
  }));
}

/** Where the app and the unsubscribe door are, as the environment names them. */
function siteUrl(): string {
  return (env('SITE_URL') || 'http://localhost:5173').replace(/\/+$/, '');
}
function functionsUrl(): string {
  return (env('REMINDERS_PUBLIC_URL') || env('SUPABASE_URL') || 'http://127.0.0.1:54321').replace(/\/+$/, '');
}

async function mailOne(mailer: ReminderMailer | null, learner: ClaimedReminder, word: ReminderWord | null): Promise<boolean> {
  if (!mailer || !learner.email) return false;
  const token = await unsubscribeToken(learner.userId);
  await mailer.send(
    renderReminderMail({
      email: learner.email,
      name: learner.name,
      language: learner.language,
      dueCards: learner.dueCards,
      currentStreak: learner.currentStreak,
      streakAtStake: learner.streakAtStake,
      word,
      flashcardsUrl: `${siteUrl()}/flashcards`,
      unsubscribeUrl: `${functionsUrl()}/functions/v1/reminders/unsubscribe?token=${encodeURIComponent(token)}`,
    }),
  );
  return true;
}

/**
 * One tick of the daily reminder, as if at `at`: claim the learners due one now (Postgres
 * decides who, and marks them reminded today in the same statement), mail those whose mail
 * flag is on, and hand those whose push flag is on to `channels.push`. Batch after batch
 * while full ones keep coming and time allows; overlapping ticks claim different learners.
 * A mail that fails is counted and logged, not retried: a reminder is sent at most once a day.
 */
export async function runReminderTick(at: Date, channels: ReminderChannels = {}): Promise<ReminderTickResult> {
  const started = Date.now();
  const result: ReminderTickResult = { claimed: 0, mailed: 0, failed: 0, pushWanted: 0, pushSent: 0, pushFailed: 0, learners: [] };
  const words = new Map<string, Promise<ReminderWord | null>>();
  const wordFor = (date: string, language: string) => {
    if (!channels.wordOfTheDay) return Promise.resolve(null);
    const key = `${date} ${language}`;
    if (!words.has(key)) words.set(key, channels.wordOfTheDay(date, language).catch(() => null));
    return words.get(key)!;
  };
  let mailer: ReminderMailer | null | undefined;
  try {
    for (;;) {
      const learners = await claim(at);
      result.claimed += learners.length;
      result.learners.push(...learners);
      const mailing = learners.filter((learner) => learner.byEmail);
      if (mailing.length > 0 && mailer === undefined) {
        mailer = smtpMailerFromEnv();
        if (!mailer) console.error('reminders: SMTP_HOST is not set; no reminder can be mailed');
      }
      const sent = await Promise.allSettled(mailing.map(async (learner) => mailOne(mailer ?? null, learner, await wordFor(learner.localDate, learner.language))));
      for (const outcome of sent) {
        if (outcome.status === 'fulfilled' && outcome.value) result.mailed += 1;
        else result.failed += 1;
      }
      const firstRefusal = sent.find((outcome) => outcome.status === 'rejected');
      if (firstRefusal) console.error(`reminders: ${sent.filter((o) => o.status === 'rejected').length} mail(s) not sent: ${String(firstRefusal.reason)}`);
      // Web Push: the learners of this batch who asked for it.
      const pushing = learners.filter((learner) => learner.byPush);
      result.pushWanted += pushing.length;
      if (pushing.length > 0 && channels.push) {
        const pushed = await channels.push(pushing).catch((error: unknown) => {
          console.error(`reminders: push failed: ${String(error)}`);
          return { sent: 0, failed: pushing.length };
        });
        result.pushSent += pushed.sent;
        result.pushFailed += pushed.failed;
      }
      if (learners.length < BATCH || Date.now() - started > TICK_BUDGET_MS) return result;
    }
  } finally {
    await mailer?.close();
  }
}
