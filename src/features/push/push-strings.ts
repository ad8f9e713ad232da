import enUSPush from '@/i18n/locales/en-US.push.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The push switch's English strings arrive with its own chunk.
addEnglishPageStrings({ push: enUSPush });
