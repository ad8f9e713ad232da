import enUSAnki from '@/i18n/locales/en-US.anki.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The Anki controls' English strings arrive with their own lazy chunk (Account page, card browser).
addEnglishPageStrings({ anki: enUSAnki });
