import enUSEntryVoice from '@/i18n/locales/en-US.entryVoice.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// Where a learner's Spanish is from and the asking for a voice (issue 34): the English strings
// arrive with the chunks that show them (the Account and profile pages, the Listen section,
// the recorder).
addEnglishPageStrings({ entryVoice: enUSEntryVoice });
