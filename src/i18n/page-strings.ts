import type enUSAdmin from './locales/en-US.admin.json';
import type enUSAuthNotices from './locales/en-US.authNotices.json';
import type enUSChat from './locales/en-US.chat.json';
import type enUSRecovery from './locales/en-US.recovery.json';
import type enUSSignIn from './locales/en-US.signIn.json';
import i18n, { FALLBACK_LANGUAGE } from './index';

/** The English sections only one lazily loaded page uses, kept out of the first download. */
export interface EnglishPageStrings {
  chat: typeof enUSChat;
  admin: typeof enUSAdmin;
  authNotices: typeof enUSAuthNotices;
  recovery: typeof enUSRecovery;
  signIn: typeof enUSSignIn;
}

/**
 * Adds a page's own English strings, from the page's module, so they arrive in its chunk.
 * Spanish has every string already (its chunk is loaded whole), and English is the fallback
 * of both, so these are added whatever the reader's language.
 */
export function addEnglishPageStrings(strings: Partial<EnglishPageStrings>): void {
  i18n.addResourceBundle(FALLBACK_LANGUAGE, 'translation', strings, true, false);
}
