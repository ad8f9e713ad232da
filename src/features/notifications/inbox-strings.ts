import enUSInbox from '@/i18n/locales/en-US.inbox.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The inbox's English strings (the bell, /notifications, the settings) arrive with them.
addEnglishPageStrings({ inbox: enUSInbox });
