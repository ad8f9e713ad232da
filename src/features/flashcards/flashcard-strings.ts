import enUSFlashcards from '@/i18n/locales/en-US.flashcards.json';
import enUSListening from '@/i18n/locales/en-US.listening.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The review session's English strings (and listening cards', issue 34) arrive with the
// Flashcards page's chunk. Imported by every module here that shows them.
addEnglishPageStrings({ flashcards: enUSFlashcards, listening: enUSListening });
