// The /api's chat shapes (scratch/tutor-contract.md). Declared here until the server's
// `_shared/api/types.ts` exports them through `@/lib/api-types`.

/** An entry the tutor cited, as the reader may still see it. */
export interface ChatCitation {
  _id: string;
  title: string;
  country: string;
}

export interface ChatMessage {
  _id: string;
  role: 'user' | 'assistant';
  content: string;
  createdAt: string;
  /** 'offline' or the model's name for the tutor's replies; null for the learner's. */
  model: string | null;
  citations: ChatCitation[];
}

export interface Chat {
  _id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
}

/** A chat in the list: with how many messages it has and the start of the last one. */
export interface ChatListItem extends Chat {
  messageCount: number;
  preview: string | null;
}

/** One page of a chat's messages (oldest first) and the cursor to the ones before it. */
export interface ChatPage {
  chat: Chat;
  messages: ChatMessage[];
  hasOlder: boolean;
  olderCursor: string | null;
}

/** What a finished turn stored: the learner's message, the tutor's reply and the chat. */
export interface ChatTurn {
  userMessage: ChatMessage;
  reply: ChatMessage;
  chat: Chat;
}

/** The longest message the tutor takes (the server says chat_message_too_long beyond it). */
export const MAX_MESSAGE_LENGTH = 4000;
/** The longest chat title. */
export const MAX_TITLE_LENGTH = 100;
