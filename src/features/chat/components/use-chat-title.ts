import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The titles the server gives a chat nobody has named yet: "New Chat" (its default, which the
 * palabrotas client shows as it is) or "Nuevo chat" (asked for by the Spanish interface). Both
 * are stored until the first question renames the chat (private.is_default_chat_title).
 */
const DEFAULT_TITLES: ReadonlySet<string> = new Set(['New Chat', 'Nuevo chat']);

/**
 * A chat's title as the reader sees it: a default title in the interface's language (a chat
 * started in English reads "Nuevo chat" once the learner switches to Spanish), any other as written.
 */
export function useChatTitle(): (chat: { title: string }) => string {
  const { t } = useTranslation();
  return useCallback((chat) => (DEFAULT_TITLES.has(chat.title) ? t('chat.defaultTitle') : chat.title), [t]);
}
