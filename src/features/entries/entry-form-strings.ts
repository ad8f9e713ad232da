import enUSAddContent from '@/i18n/locales/en-US.addContent.json';
import enUSEditContent from '@/i18n/locales/en-US.editContent.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The add and edit pages' English strings arrive with their chunks (the form they share
// shows both). Imported by every module here that shows them.
addEnglishPageStrings({ addContent: enUSAddContent, editContent: enUSEditContent });
