import english from '../../../../src/i18n/locales/en-US.json' with { type: 'json' };
import englishFlashcards from '../../../../src/i18n/locales/en-US.flashcards.json' with { type: 'json' };
import englishProfile from '../../../../src/i18n/locales/en-US.profile.json' with { type: 'json' };
import englishReports from '../../../../src/i18n/locales/en-US.reports.json' with { type: 'json' };
import englishTags from '../../../../src/i18n/locales/en-US.tags.json' with { type: 'json' };
import englishUsage from '../../../../src/i18n/locales/en-US.usage.json' with { type: 'json' };
import englishCompare from '../../../../src/i18n/locales/en-US.compare.json' with { type: 'json' };
import spanish from '../../../../src/i18n/locales/es.json' with { type: 'json' };

/** The languages the pages are served in (the app's two). */
export type PageLanguage = 'en-US' | 'es';

type Strings = { [key: string]: string | Strings };

/**
 * English as the app assembles it: en-US.json, with each feature's own file (loaded by the
 * app with its feature) under the feature's key. Spanish is one file.
 */
const englishStrings: Strings = {
  ...(english as Strings),
  flashcards: { ...(english.flashcards as Strings), ...(englishFlashcards as Strings) },
  profile: englishProfile as Strings,
  reports: englishReports as Strings,
  tags: englishTags as Strings,
  usage: { ...((english as Strings).usage as Strings), ...(englishUsage as Strings) },
  compare: englishCompare as Strings,
};
const STRINGS: Record<PageLanguage, Strings> = { 'en-US': englishStrings, es: spanish as Strings };

function lookup(strings: Strings, key: string): string | undefined {
  let found: string | Strings | undefined = strings;
  for (const part of key.split('.')) found = typeof found === 'object' ? found[part] : undefined;
  return typeof found === 'string' ? found : undefined;
}

/**
 * One string of the app's locale files with its `{{name}}` values filled in, as i18next
 * does (values are not escaped here: the page escapes everything it writes); with `count`,
 * the `_one` or `_other` form (English and Spanish agree: one is singular). Falls back to
 * English, then to the key, as the app does.
 */
export function text(language: PageLanguage, key: string, values: Record<string, string | number> = {}): string {
  const keys = typeof values.count === 'number' ? [`${key}_${values.count === 1 ? 'one' : 'other'}`, key] : [key];
  const found = [STRINGS[language], STRINGS['en-US']].flatMap((strings) => keys.map((candidate) => lookup(strings, candidate))).find((value) => value !== undefined);
  return (found ?? key).replace(/\{\{(\w+)\}\}/g, (_match, name: string) => String(values[name] ?? ''));
}
