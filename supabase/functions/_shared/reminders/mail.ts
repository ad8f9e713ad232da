import { html } from 'hono/html';
import { reminderLanguage, reminderText } from './strings.ts';

/** The word of the day as the reminder shows it (GET /api/content/wordOfTheDay gives it). */
export interface ReminderWord {
  title: string;
  meaning: string;
  /** The country's name, as the reader should see it. */
  country: string;
}

/** What one reminder says, from a claimed row (private.claim_reminders). */
export interface ReminderMailInput {
  email: string;
  name: string;
  language: string;
  dueCards: number;
  currentStreak: number;
  streakAtStake: boolean;
  word?: ReminderWord | null;
  /** Where the button goes: the app's /flashcards. */
  flashcardsUrl: string;
  /** The one-click unsubscribe URL (https on a hosted project), also in List-Unsubscribe. */
  unsubscribeUrl: string;
}

/** A reminder ready for SMTP: both parts and the RFC 8058 headers. */
export interface ReminderMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  headers: Record<string, string>;
}

const button = 'display:inline-block;padding:10px 16px;background:#1d3557;color:#fff;border-radius:6px;text-decoration:none';

/**
 * The daily reminder in the learner's language: how many cards are due, the streak at stake
 * (if any), the word of the day (when given), one button to /flashcards, and the way out.
 * Every value is escaped in the HTML part (hono's `html`).
 */
export function renderReminderMail(input: ReminderMailInput): ReminderMail {
  const language = reminderLanguage(input.language);
  const t = (key: Parameters<typeof reminderText>[1], values?: Record<string, string | number>) => reminderText(language, key, values);
  const greeting = input.name.trim() ? t('greeting', { name: input.name.trim() }) : t('greetingNoName');
  const due = t('due', { count: input.dueCards });
  const streak = input.streakAtStake ? t('streak', { count: input.currentStreak }) : '';
  const word = input.word ? t('word', { title: input.word.title, country: input.word.country, meaning: input.word.meaning }) : '';
  const text = [
    greeting,
    due,
    streak,
    word ? `${t('wordHeading')}: ${word}` : '',
    `${t('action')}: ${input.flashcardsUrl}`,
    '— Jerga',
    `${t('why')}\n${t('unsubscribe')}: ${input.unsubscribeUrl}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const body = html`<!doctype html><html lang="${language}"><body style="font-family: system-ui, sans-serif; line-height: 1.5; color: #1c1b1f">
<p>${greeting}</p>
<p>${due}</p>
${streak ? html`<p><strong>${streak}</strong></p>` : ''}
${input.word ? html`<p>${t('wordHeading')}: <strong>${input.word.title}</strong> (${input.word.country}): ${input.word.meaning}</p>` : ''}
<p><a href="${input.flashcardsUrl}" style="${button}">${t('action')}</a></p>
<p>— Jerga</p>
<p style="font-size:13px;color:#555">${t('why')} <a href="${input.unsubscribeUrl}">${t('unsubscribe')}</a></p>
</body></html>`;
  return {
    to: input.email,
    subject: t('subject', { count: input.dueCards }),
    text,
    html: body.toString(),
    headers: {
      // RFC 8058: a mail client unsubscribes with one POST to this URL, no sign-in, no page.
      'List-Unsubscribe': `<${input.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
