import { json } from '@/test/fetch';
import { testUser } from '@/test/render';
import type { ChatListItem, ChatMessage, ChatTurn } from '../api/types';

export const CHAMBA_ID = '22222222-2222-4222-8222-222222222222';

let next = 0;
const id = () => `00000000-0000-4000-8000-${String(++next).padStart(12, '0')}`;

export function makeChat(overrides: Partial<ChatListItem> = {}): ChatListItem {
  return { _id: id(), title: 'New Chat', createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', messageCount: 0, preview: null, ...overrides };
}

export function makeMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return { _id: id(), role: 'user', content: 'Hola', createdAt: '2026-11-20T10:00:00Z', model: null, citations: [], ...overrides };
}

export function makeTurn(chat: ChatListItem, text: string, reply: string, citations: ChatMessage['citations'] = []): ChatTurn {
  return {
    userMessage: makeMessage({ content: text }),
    reply: makeMessage({ role: 'assistant', content: reply, model: 'offline', citations }),
    chat: { _id: chat._id, title: chat.title, createdAt: chat.createdAt, updatedAt: '2026-11-23T12:00:00Z' },
  };
}

/** A server-sent-events reply whose events the test sends one by one. */
export function eventStream() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
  const encoder = new TextEncoder();
  return {
    response: new Response(body, { headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache, no-transform' } }),
    send: (event: string, data: unknown) => controller.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`)),
    close: () => controller.close(),
  };
}

export const listReply = (chats: ChatListItem[]) => json({ success: true, data: chats, nextCursor: null });

export const chatReply = (chat: ChatListItem, messages: ChatMessage[], hasOlder = false, olderCursor: string | null = null) =>
  json({ success: true, chat: { _id: chat._id, title: chat.title, createdAt: chat.createdAt, updatedAt: chat.updatedAt, messages }, hasOlder, olderCursor });

export { testUser };
