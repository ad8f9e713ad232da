import 'i18next';
import type enUS from './locales/en-US.json';
import type { EnglishPageStrings } from './page-strings';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    // The first download's strings and those its lazily loaded pages add (page-strings.ts).
    resources: { translation: typeof enUS & EnglishPageStrings };
  }
}
