import type enUSAccount from './locales/en-US.account.json';
import type enUSAddContent from './locales/en-US.addContent.json';
import type enUSAnki from './locales/en-US.anki.json';
import type enUSAdmin from './locales/en-US.admin.json';
import type enUSAuthNotices from './locales/en-US.authNotices.json';
import type enUSChat from './locales/en-US.chat.json';
import type enUSComments from './locales/en-US.comments.json';
import type enUSDecks from './locales/en-US.decks.json';
import type enUSCompare from './locales/en-US.compare.json';
import type enUSEditContent from './locales/en-US.editContent.json';
import type enUSEntryVoice from './locales/en-US.entryVoice.json';
import type enUSFlashcards from './locales/en-US.flashcards.json';
import type enUSInbox from './locales/en-US.inbox.json';
import type enUSListening from './locales/en-US.listening.json';
import type enUSNotifications from './locales/en-US.notifications.json';
import type enUSOffline from './locales/en-US.offline.json';
import type enUSProfile from './locales/en-US.profile.json';
import type enUSPush from './locales/en-US.push.json';
import type enUSForms from './locales/en-US.forms.json';
import type enUSRecordings from './locales/en-US.recordings.json';
import type enUSRecovery from './locales/en-US.recovery.json';
import type enUSReminderSettings from './locales/en-US.reminderSettings.json';
import type enUSReports from './locales/en-US.reports.json';
import type enUSSignIn from './locales/en-US.signIn.json';
import type enUSTags from './locales/en-US.tags.json';
import type enUSVariants from './locales/en-US.variants.json';
import type enUSUsage from './locales/en-US.usage.json';
import type enUSVoiceQueue from './locales/en-US.voiceQueue.json';
import i18n, { FALLBACK_LANGUAGE } from './index';

/**
 * The English strings only lazily loaded pages use, kept out of the first download. `account`,
 * `flashcards` and `usage` add to sections the first download starts (the entry card's, the
 * add-to-flashcards button's and the "rude in" badge's few strings).
 */
export interface EnglishPageStrings {
  account: typeof enUSAccount;
  addContent: typeof enUSAddContent;
  anki: typeof enUSAnki;
  editContent: typeof enUSEditContent;
  entryVoice: typeof enUSEntryVoice;
  flashcards: typeof enUSFlashcards;
  inbox: typeof enUSInbox;
  listening: typeof enUSListening;
  notifications: typeof enUSNotifications;
  offline: typeof enUSOffline;
  profile: typeof enUSProfile;
  push: typeof enUSPush;
  comments: typeof enUSComments;
  compare: typeof enUSCompare;
  decks: typeof enUSDecks;
  tags: typeof enUSTags;
  forms: typeof enUSForms;
  chat: typeof enUSChat;
  admin: typeof enUSAdmin;
  authNotices: typeof enUSAuthNotices;
  recordings: typeof enUSRecordings;
  recovery: typeof enUSRecovery;
  reminderSettings: typeof enUSReminderSettings;
  reports: typeof enUSReports;
  signIn: typeof enUSSignIn;
  variants: typeof enUSVariants;
  usage: typeof enUSUsage;
  voiceQueue: typeof enUSVoiceQueue;
}

/**
 * Adds a page's own English strings, from the page's module, so they arrive in its chunk.
 * Spanish has every string already (its chunk is loaded whole), and English is the fallback
 * of both, so these are added whatever the reader's language.
 */
export function addEnglishPageStrings(strings: Partial<EnglishPageStrings>): void {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', strings, true, false);
}
