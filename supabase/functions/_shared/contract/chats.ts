import { z } from 'zod';
import { countryCode, id, nextCursor, success, time } from './common.ts';

/** A tutor chat as private.chat_json shapes it. */
export const chat = z.strictObject({
  _id: id,
  title: z.string(),
  createdAt: time,
  /** Moves on with every message: the chat list is newest activity first. */
  updatedAt: time,
});
export type Chat = z.infer<typeof chat>;

/** A chat in the list of a learner's chats. */
export const chatListItem = chat.extend({
  messageCount: z.number().int(),
  /** The last message's first 120 characters; null for an empty chat. */
  preview: z.string().nullable(),
});
export type ChatListItem = z.infer<typeof chatListItem>;

/** An entry a tutor reply cites (only those the learner can still see). */
export const chatCitation = z.strictObject({
  _id: id,
  title: z.string(),
  country: countryCode,
  /** The learner already has this entry in their flashcards. */
  inFlashcards: z.boolean(),
});
export type ChatCitation = z.infer<typeof chatCitation>;

/** A message as private.chat_message_json shapes it. */
export const chatMessage = z.strictObject({
  _id: id,
  role: z.enum(['user', 'assistant']),
  /** The learner's text, or the tutor's reply as markdown. */
  content: z.string(),
  createdAt: time,
  /** Who wrote a reply: 'offline' (the built-in tutor) or the model's name; null for the learner's messages. */
  model: z.string().nullable(),
  citations: z.array(chatCitation),
});
export type ChatMessage = z.infer<typeof chatMessage>;

/** A chat with its newest messages, oldest first. */
export const chatWithMessages = chat.extend({ messages: z.array(chatMessage) });
export type ChatWithMessages = z.infer<typeof chatWithMessages>;

/**
 * palabrotas' Chat (and the spec's): the chat with its owner and messages. What POST
 * /api/chat/new (201, no messages yet), PUT /api/chat/:id (the newest 200) and GET
 * /api/chat/chats/:userId without paging (a bare array) answer.
 */
export const palabrotasChat = chatWithMessages.extend({ userId: id });
export type PalabrotasChat = z.infer<typeof palabrotasChat>;

/** GET /api/chat/chats/:userId without `limit` or `cursor`: at most 50 chats of their newest 100 messages. */
export const palabrotasChatsReply = z.array(palabrotasChat);
export type PalabrotasChatsReply = z.infer<typeof palabrotasChatsReply>;

/** GET /api/chat/chats/:userId with `limit` or `cursor`: the app's lighter list, a page at a time. */
export const chatListReply = z.strictObject({ success, data: z.array(chatListItem), nextCursor });
export type ChatListReply = z.infer<typeof chatListReply>;

/** GET /api/chat/:chatId: a page of the chat's messages (oldest first) and the cursor to the ones before it. */
export const chatMessagesReply = z.strictObject({
  success,
  chat: chatWithMessages,
  hasOlder: z.boolean(),
  /** Pass back as `before`; null when there are none older. */
  olderCursor: z.string().nullable(),
});
export type ChatMessagesReply = z.infer<typeof chatMessagesReply>;

/** The data of POST /api/chat/send's stream's `done` event (Accept: text/event-stream). */
export const chatTurn = z.strictObject({
  reply: chatMessage,
  userMessage: chatMessage,
  chat,
});
export type ChatTurn = z.infer<typeof chatTurn>;

/** POST /api/chat/send as JSON (palabrotas' `{reply, chatId}`): the reply's text, and the stored messages. */
export const palabrotasChatTurn = z.strictObject({
  /** The tutor's reply as text (palabrotas' `reply`). */
  reply: z.string(),
  chatId: id,
  userMessage: chatMessage,
  /** The stored reply (what ChatTurn's `reply` is). */
  assistantMessage: chatMessage,
  chat,
});
export type PalabrotasChatTurn = z.infer<typeof palabrotasChatTurn>;

/** The events of POST /api/chat/send with `Accept: text/event-stream` (each `data:` is JSON). */
export const chatStreamEvent = z.discriminatedUnion('event', [
  z.strictObject({ event: z.literal('delta'), data: z.strictObject({ text: z.string() }) }),
  z.strictObject({ event: z.literal('done'), data: chatTurn }),
  z.strictObject({ event: z.literal('error'), data: z.strictObject({ code: z.string(), message: z.string() }) }),
]);
export type ChatStreamEvent = z.infer<typeof chatStreamEvent>;
