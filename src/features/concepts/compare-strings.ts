import enUSCompare from '@/i18n/locales/en-US.compare.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The /compare page's English strings arrive with it.
addEnglishPageStrings({ compare: enUSCompare });
