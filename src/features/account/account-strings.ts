import enUSAccount from '@/i18n/locales/en-US.account.json';
import enUSFlashcards from '@/i18n/locales/en-US.flashcards.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The Account page's English strings arrive with its chunk; its data export names
// flashcards too. Imported by every module here that shows them.
addEnglishPageStrings({ account: enUSAccount, flashcards: enUSFlashcards });
