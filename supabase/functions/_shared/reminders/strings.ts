import english from '../../../../src/i18n/locales/en-US.reminderMail.json' with { type: 'json' };
import spanish from '../../../../src/i18n/locales/es.json' with { type: 'json' };

/** The languages a learner reads Jerga in (profiles.language). */
export type ReminderLanguage = 'en' | 'es';

export type ReminderStringKey = keyof typeof english;

/**
 * The reminder mail's and unsubscribe page's words, from the app's own locale files (the one
 * source of every string a person reads): `reminderMail` in en-US and es.
 */
const strings: Record<ReminderLanguage, Record<ReminderStringKey, string>> = { en: english, es: spanish.reminderMail };

/** A language from anything: the profile's column, or an Accept-Language header (first tag). */
export function reminderLanguage(value: string | null | undefined): ReminderLanguage {
  return value?.split(',')[0]?.trim().toLowerCase().startsWith('es') ? 'es' : 'en';
}

/**
 * One string with its `{{name}}` values filled in, as i18next would; with `count`, the
 * `_one` or `_other` form (English and Spanish plurals agree: one is singular).
 */
export function reminderText(
  language: ReminderLanguage,
  key: ReminderStringKey | 'subject' | 'due' | 'streak',
  values: Record<string, string | number> = {},
): string {
  const plural = typeof values.count === 'number' ? (values.count === 1 ? '_one' : '_other') : '';
  const found = (strings[language] as Record<string, string>)[`${key}${plural}`] ?? (strings[language] as Record<string, string>)[key];
  return found.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}
