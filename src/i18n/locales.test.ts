import { describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import enUSFirst from './locales/en-US.json';
import enUSAccount from './locales/en-US.account.json';
import enUSAddContent from './locales/en-US.addContent.json';
import enUSAnki from './locales/en-US.anki.json';
import enUSAdmin from './locales/en-US.admin.json';
import enUSAuthNotices from './locales/en-US.authNotices.json';
import enUSChat from './locales/en-US.chat.json';
import enUSComments from './locales/en-US.comments.json';
import enUSCompare from './locales/en-US.compare.json';
import enUSDecks from './locales/en-US.decks.json';
import enUSEditContent from './locales/en-US.editContent.json';
import enUSEntryVoice from './locales/en-US.entryVoice.json';
import enUSFlashcards from './locales/en-US.flashcards.json';
import enUSInbox from './locales/en-US.inbox.json';
import enUSListening from './locales/en-US.listening.json';
import enUSNotifications from './locales/en-US.notifications.json';
import enUSOffline from './locales/en-US.offline.json';
import enUSProfile from './locales/en-US.profile.json';
import enUSPush from './locales/en-US.push.json';
import enUSForms from './locales/en-US.forms.json';
import enUSRecordings from './locales/en-US.recordings.json';
import enUSRecovery from './locales/en-US.recovery.json';
import enUSReminderSettings from './locales/en-US.reminderSettings.json';
import enUSReports from './locales/en-US.reports.json';
import enUSSignIn from './locales/en-US.signIn.json';
import enUSTags from './locales/en-US.tags.json';
import enUSVariants from './locales/en-US.variants.json';
import enUSUsage from './locales/en-US.usage.json';
import enUSVoiceQueue from './locales/en-US.voiceQueue.json';
import enUSReminderMail from './locales/en-US.reminderMail.json';
import es from './locales/es.json';
import { messages } from '../../supabase/functions/_shared/messages';

type Tree = { [key: string]: string | Tree };

/** Every English string: the first download's and the lazily loaded pages' (page-strings.ts). */
const enUS = {
  ...enUSFirst,
  account: { ...enUSFirst.account, ...enUSAccount },
  flashcards: { ...enUSFirst.flashcards, ...enUSFlashcards },
  addContent: enUSAddContent,
  anki: enUSAnki,
  editContent: enUSEditContent,
  entryVoice: enUSEntryVoice,
  forms: enUSForms,
  chat: enUSChat,
  inbox: enUSInbox,
  listening: enUSListening,
  notifications: enUSNotifications,
  offline: enUSOffline,
  profile: enUSProfile,
  push: enUSPush,
  comments: enUSComments,
  compare: enUSCompare,
  decks: enUSDecks,
  tags: enUSTags,
  admin: enUSAdmin,
  recordings: enUSRecordings,
  recovery: enUSRecovery,
  reminderSettings: enUSReminderSettings,
  reports: enUSReports,
  signIn: enUSSignIn,
  authNotices: enUSAuthNotices,
  variants: enUSVariants,
  usage: { ...enUSFirst.usage, ...enUSUsage },
  voiceQueue: enUSVoiceQueue,
  // The reminder mail and its unsubscribe page (the reminders edge function; never in the client).
  reminderMail: enUSReminderMail,
};

function keys(tree: Tree, prefix = ''): string[] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`),
  );
}

function values(tree: Tree): string[] {
  return Object.values(tree).flatMap((value) => (typeof value === 'string' ? [value] : values(value)));
}

/** The spec's exact messages this client shows. */
const SPEC_MESSAGES = [
  'Finding latest content...',
  'No results found. Please try another search.',
  'Please enter a title.',
  'Please enter a description.',
  'Please select a country.',
  'Please enter an author.',
  'Please enter a name.',
  'Please log in to add a tag',
  'Added successfully',
  'Adding content failed. Please try again.',
  'Adding tag failed. Please try again.',
  'Unexpected Application Error!',
  'Logged out successfully!',
  'Logout failed. Please try again.',
  'Add Tag',
  'Add Content',
  // The language switch names each language in itself (issue 32): English, and Español.
  'English',
  'guest',
  'Log In',
  'Log Out',
  'Account',
  'Flashcards',
  'Chat',
  'Administer',
  'Back to Site',
  // Accounts (issue 3)
  'Please provide your name.',
  'Please provide your email.',
  'Password cannot be blank.',
  'Password must be at least 8 characters long.',
  'Confirm Password cannot be blank.',
  'Passwords do not match.',
  'Registration successful!',
  'Registration failed. Please try again.',
  'Logged in successfully!',
  'Login failed. Please try again.',
  'Email or password is incorrect. Please try again',
  'Update failed',
  'Updated successfully',
  'Deleted successfully',
  'Updating content failed. Please try again.',
  'Deleting content failed. Please try again.',
  'Please log in to view this page',
  "You don't have permission to view this page",
  'Failed to fetch users',
  'Update',
  'Delete',
  // Flashcards and streaks (issue 9)
  'Added to flashcards successfully!',
  'Failed to add to flashcards. Please try again.',
  'An error occurred while adding the flashcard.',
  'Error updating flashcard review',
  "You've completed all your flashcards for today. Please come back tomorrow.",
  "You don't have any flashcards yet.",
  'No hint provided',
  'Again',
  'Hard',
  'Good',
  'Easy',
  'Streak updated! Current streak: {{streak}}',
];

describe('locale files', () => {
  it('en-US and es have exactly the same keys', () => {
    expect(keys(es as Tree).sort()).toEqual(keys(enUS as Tree).sort());
  });

  it('no translation is empty', () => {
    for (const value of [...values(enUS as Tree), ...values(es as Tree)]) expect(value.trim()).not.toBe('');
  });

  it('uses the same interpolation variables in both languages', () => {
    const vars = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
    const lookup = (tree: Tree, path: string) => path.split('.').reduce<string | Tree>((node, key) => (node as Tree)[key], tree) as string;
    for (const key of keys(enUS as Tree)) expect(vars(lookup(es as Tree, key)), key).toEqual(vars(lookup(enUS as Tree, key)));
  });

  it('contains the spec’s messages word for word in en-US', () => {
    const english = new Set(values(enUS as Tree));
    for (const message of SPEC_MESSAGES) expect(english, message).toContain(message);
  });

  it('translates every /api error code: en-US word for word as the server sends it, and es', () => {
    expect(enUS.apiErrors).toEqual(messages);
    expect(Object.keys(es.apiErrors).sort()).toEqual(Object.keys(messages).sort());
    for (const [code, text] of Object.entries(es.apiErrors)) expect(text, code).not.toBe('');
  });

  it('keeps the pages’ own English sections out of the first download, and has them once the page is loaded', async () => {
    expect(Object.keys(enUSFirst)).not.toContain('chat');
    expect(Object.keys(enUSFirst)).not.toContain('admin');
    expect(Object.keys(enUSFirst)).not.toContain('addContent');
    expect(Object.keys(enUSFirst)).not.toContain('editContent');
    expect(Object.keys(enUSFirst)).not.toContain('forms');
    expect(Object.keys(enUSFirst)).not.toContain('profile');
    await Promise.all([
      import('@/app/routes/profile-page'),
      import('@/components/form-field'),
      import('@/app/routes/chat-page'),
      import('@/app/routes/admin-page'),
      import('@/app/routes/add-entry-page'),
      import('@/app/routes/edit-entry-page'),
    ]);
    expect(i18n.getFixedT('en-US')('chat.loginRequired')).toBe('Please log in to use the chat feature');
    expect(i18n.getFixedT('en-US')('admin.forbidden')).toBe(enUSAdmin.forbidden);
    expect(i18n.getFixedT('en-US')('addContent.titleRequired')).toBe('Please enter a title.');
    expect(i18n.getFixedT('en-US')('editContent.banner')).toBe(enUSEditContent.banner);
    expect(i18n.getFixedT('en-US')('forms.over', { count: 12 })).toBe('12 characters over');
    expect(i18n.getFixedT('en-US')('profile.addedByGuest')).toBe('Added by a guest');
  });

  it('starts Account and Flashcards with the strings shared pages need, and adds the rest with their pages', async () => {
    // The entry card's and the add-to-flashcards button's strings come first; no key twice.
    expect(Object.keys(enUSFirst.account).sort()).toEqual(['editEntry', 'held', 'hidden', 'removed']);
    expect(Object.keys(enUSFirst.flashcards)).toContain('add');
    for (const key of Object.keys(enUSAccount)) expect(Object.keys(enUSFirst.account)).not.toContain(key);
    for (const key of Object.keys(enUSFlashcards)) expect(Object.keys(enUSFirst.flashcards)).not.toContain(key);
    await Promise.all([import('@/app/routes/account-page'), import('@/app/routes/flashcards-page')]);
    const t = i18n.getFixedT('en-US');
    expect(t('account.streaks')).toBe('Streaks');
    expect(t('account.hidden')).toBe('Hidden');
    expect(t('flashcards.allDone')).toBe(enUSFlashcards.allDone);
    expect(t('flashcards.add')).toBe('Add to flashcards');
  });

  it('greets the user by name and the guest as "guest"', () => {
    expect(i18n.t('header.greeting', { name: i18n.t('header.guest') })).toContain('guest');
  });

  it('maps browser languages onto en-US and es', async () => {
    const { toSupportedLanguage } = await import('@/i18n');
    expect(toSupportedLanguage('es-AR')).toBe('es');
    expect(toSupportedLanguage('es')).toBe('es');
    expect(toSupportedLanguage('en')).toBe('en-US');
    expect(toSupportedLanguage('fr')).toBe('en-US');
  });

  it('switches to Spanish and caches the choice in local storage', async () => {
    await i18n.changeLanguage('es');
    expect(i18n.t('search.noResults')).toBe('No se encontraron resultados. Intenta otra búsqueda.');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });
});
