import enUSDecks from '@/i18n/locales/en-US.decks.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The deck button's English strings (issue 35) arrive with its own lazy chunk, not in the
// home page's first download.
addEnglishPageStrings({ decks: enUSDecks });
