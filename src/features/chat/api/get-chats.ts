import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { chatKeys } from './chat-keys';
import type { Chat, ChatListItem } from './types';

/** As many as the /api gives at once: a learner with more sees their 100 most recent. */
const CHATS_PER_PAGE = 100;

export async function getChats(userId: string, signal?: AbortSignal): Promise<ChatListItem[]> {
  const reply = await api.get<{ data: ChatListItem[] }>(`/chat/chats/${encodeURIComponent(userId)}`, { query: { limit: CHATS_PER_PAGE }, signal });
  return reply.data;
}

export function chatsQueryOptions(userId: string) {
  return queryOptions({ queryKey: chatKeys.list(userId), queryFn: ({ signal }) => getChats(userId, signal) });
}

export function useChats(userId: string) {
  return useQuery(chatsQueryOptions(userId));
}

/** Puts `chat` (new or changed) in the cached list, keeping what the list knew of it, newest activity first. */
export function rememberChat(
  queryClient: QueryClient,
  userId: string,
  chat: Chat,
  patch: (known: ChatListItem | undefined) => Partial<ChatListItem> = () => ({}),
): void {
  queryClient.setQueryData<ChatListItem[]>(chatKeys.list(userId), (list) => {
    if (!list) return list;
    const known = list.find((item) => item._id === chat._id);
    const item: ChatListItem = { messageCount: 0, preview: null, ...known, ...chat, ...patch(known) };
    return [item, ...list.filter((other) => other._id !== chat._id)].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt));
  });
}
