import enUSReminderSettings from '@/i18n/locales/en-US.reminderSettings.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The reminders' English strings arrive with the chunks that show them (the Account page's
// and the review session's). Imported by every module here that shows them.
addEnglishPageStrings({ reminderSettings: enUSReminderSettings });
