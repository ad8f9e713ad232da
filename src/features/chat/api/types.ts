import type { Chat, ChatMessage } from '@/lib/api-types';

export type { Chat, ChatCitation, ChatListItem, ChatMessage, ChatMessagesReply, ChatTurn, ChatWithMessages, PalabrotasChat, PalabrotasChatTurn } from '@/lib/api-types';

/** One page of a chat's messages (oldest first) and the cursor to the ones before it. */
export interface ChatPage {
  chat: Chat;
  messages: ChatMessage[];
  hasOlder: boolean;
  olderCursor: string | null;
}
