import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { ChatListReply } from '@/lib/api-types';
import { chatKeys } from './chat-keys';
import type { Chat, ChatListItem } from './types';

/** Chats per page of the list; "Show older chats" fetches the next. */
const CHATS_PER_PAGE = 50;

export interface ChatsPage {
  data: ChatListItem[];
  nextCursor: string | null;
}

export async function getChats(userId: string, cursor: string | null, signal?: AbortSignal): Promise<ChatsPage> {
  const reply = await api.get<ChatListReply>(`/chat/chats/${encodeURIComponent(userId)}`, {
    query: { limit: CHATS_PER_PAGE, cursor: cursor ?? undefined },
    signal,
  });
  return { data: reply.data, nextCursor: reply.nextCursor ?? null };
}

/** The pages as one list, newest activity first; a chat that moved up while paging shows once. */
function chatsOf(data: InfiniteData<ChatsPage>): ChatListItem[] {
  const byId = new Map<string, ChatListItem>();
  for (const chat of data.pages.flatMap((page) => page.data)) if (!byId.has(chat._id)) byId.set(chat._id, chat);
  return [...byId.values()];
}

export function chatsQueryOptions(userId: string) {
  return infiniteQueryOptions({
    queryKey: chatKeys.list(userId),
    queryFn: ({ pageParam, signal }) => getChats(userId, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
    select: chatsOf,
  });
}

export function useChats(userId: string) {
  return useInfiniteQuery(chatsQueryOptions(userId));
}

/** Changes the cached list's chats, page by page (`first` says whether it is the newest page). */
export function updateChats(queryClient: QueryClient, userId: string, change: (chats: ChatListItem[], first: boolean) => ChatListItem[]): void {
  queryClient.setQueryData<InfiniteData<ChatsPage, string | null>>(
    chatKeys.list(userId),
    (data) => data && { ...data, pages: data.pages.map((page, i) => ({ ...page, data: change(page.data, i === 0) })) },
  );
}

/** A chat of the cached list, if it is there. */
export function cachedChat(queryClient: QueryClient, userId: string, chatId: string): ChatListItem | undefined {
  const data = queryClient.getQueryData<InfiniteData<ChatsPage, string | null>>(chatKeys.list(userId));
  return data?.pages.flatMap((page) => page.data).find((chat) => chat._id === chatId);
}

/** Puts `chat` (new or changed) first in the cached list, keeping what the list knew of it, newest activity first. */
export function rememberChat(
  queryClient: QueryClient,
  userId: string,
  chat: Chat,
  patch: (known: ChatListItem | undefined) => Partial<ChatListItem> = () => ({}),
): void {
  const known = cachedChat(queryClient, userId, chat._id);
  const item: ChatListItem = { messageCount: 0, preview: null, ...known, ...chat, ...patch(known) };
  updateChats(queryClient, userId, (chats, first) => {
    const others = chats.filter((other) => other._id !== chat._id);
    return first ? [item, ...others].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt)) : others;
  });
}
