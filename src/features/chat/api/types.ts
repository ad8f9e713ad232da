import type { Chat, ChatMessage } from '@/lib/api-types';

export type { Chat, ChatCitation, ChatListItem, ChatMessage, ChatTurn, ChatWithMessages, SeedChatTurn } from '@/lib/api-types';

/** One page of a chat's messages (oldest first) and the cursor to the ones before it. */
export interface ChatPage {
  chat: Chat;
  messages: ChatMessage[];
  hasOlder: boolean;
  olderCursor: string | null;
}

/** The longest message the tutor takes (the server says chat_message_too_long beyond it). */
export const MAX_MESSAGE_LENGTH = 4000;
/** The longest chat title. */
export const MAX_TITLE_LENGTH = 100;
