import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { chatKeys } from './chat-keys';
import type { ChatMessage, ChatMessagesReply, ChatPage } from './types';

const MESSAGES_PER_PAGE = 50;

/** The newest messages of a chat before `before` (all the newest when null), oldest first. */
export async function getChatMessages(chatId: string, before: string | null, signal?: AbortSignal): Promise<ChatPage> {
  const reply = await api.get<ChatMessagesReply>(
    `/chat/${encodeURIComponent(chatId)}`,
    { query: { limit: MESSAGES_PER_PAGE, before }, signal },
  );
  const { messages, ...chat } = reply.chat;
  return { chat, messages, hasOlder: reply.hasOlder, olderCursor: reply.olderCursor ?? null };
}

/** Pages go back in time: the first page is the newest, each next page the one before it. */
export function chatMessagesQueryOptions(chatId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.messages(chatId),
    queryFn: ({ pageParam, signal }) => getChatMessages(chatId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => (page.hasOlder && page.olderCursor ? page.olderCursor : undefined),
    // A chat changes only through this tab (or another one of the learner's): no refetch on focus
    // that could drop a reply being streamed in.
    staleTime: Infinity,
  });
}

export function useChatMessages(chatId: string) {
  return useInfiniteQuery(chatMessagesQueryOptions(chatId));
}

/** All loaded messages, oldest first. */
export function allMessages(data: InfiniteData<ChatPage> | undefined): ChatMessage[] {
  return data ? data.pages.toReversed().flatMap((page) => page.messages) : [];
}

/** Adds a finished turn to the newest page of the cached chat. */
export function appendMessages(queryClient: QueryClient, chatId: string, messages: ChatMessage[]): void {
  queryClient.setQueryData<InfiniteData<ChatPage>>(chatKeys.messages(chatId), (data) => {
    if (!data) return data;
    const [newest, ...older] = data.pages;
    const known = new Set(newest.messages.map((message) => message._id));
    return { ...data, pages: [{ ...newest, messages: [...newest.messages, ...messages.filter((message) => !known.has(message._id))] }, ...older] };
  });
}
