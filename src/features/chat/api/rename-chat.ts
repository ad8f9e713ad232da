import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { chatKeys } from './chat-keys';
import { cachedChat, updateChats } from './get-chats';
import type { Chat, PalabrotasChat } from './types';

export async function renameChat({ chatId, title }: { chatId: string; title: string }): Promise<Chat> {
  // palabrotas' reply: the chat itself (with its owner and messages, which the list does not keep).
  const { messages: _messages, userId: _owner, ...chat } = await api.put<PalabrotasChat>(`/chat/${encodeURIComponent(chatId)}`, { title });
  return chat;
}

/** Shows the new title at once; puts the old one back if the server says no. */
export function useRenameChat(userId: string) {
  const queryClient = useQueryClient();
  const key = chatKeys.list(userId);
  const setTitle = (chatId: string, title: string) =>
    updateChats(queryClient, userId, (chats) => chats.map((item) => (item._id === chatId ? { ...item, title } : item)));
  return useMutation({
    mutationFn: renameChat,
    onMutate: async ({ chatId, title }) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = cachedChat(queryClient, userId, chatId)?.title;
      setTitle(chatId, title);
      return { before };
    },
    onError: (_error, { chatId }, context) => {
      if (context?.before !== undefined) setTitle(chatId, context.before);
    },
    onSuccess: (chat) => setTitle(chat._id, chat.title),
  });
}
