import enUSUsage from '@/i18n/locales/en-US.usage.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The usage panel's and the home-country form's English strings arrive with their chunks
// (the "rude in" badge's one string is in the first download). Imported by every module
// here that shows them.
addEnglishPageStrings({ usage: enUSUsage });
