import enUSProfile from '@/i18n/locales/en-US.profile.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The bylines' and the profile page's English strings arrive with the pages that show them
// (the entry page, the profile page), never in the first download.
addEnglishPageStrings({ profile: enUSProfile });
