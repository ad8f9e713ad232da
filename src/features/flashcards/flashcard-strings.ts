import enUSFlashcards from '@/i18n/locales/en-US.flashcards.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The review session's English strings arrive with the Flashcards page's chunk. Imported
// by every module here that shows them.
addEnglishPageStrings({ flashcards: enUSFlashcards });
