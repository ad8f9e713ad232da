import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { chatKeys } from './chat-keys';
import { rememberChat } from './get-chats';
import type { Chat, ChatPage, ChatWithMessages } from './types';

export async function createChat(userId: string): Promise<Chat> {
  // No title: the server names it "New Chat".
  const reply = await api.post<{ chat: ChatWithMessages }>('/chat/new', { userId });
  const { messages: _messages, ...chat } = reply.chat;
  return chat;
}

/** A new, empty chat: first in the list, and its (empty) messages known without asking. */
export function useCreateChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => createChat(userId),
    onSuccess: (chat) => {
      rememberChat(queryClient, userId, chat);
      queryClient.setQueryData(chatKeys.messages(chat._id), {
        pages: [{ chat, messages: [], hasOlder: false, olderCursor: null } satisfies ChatPage],
        pageParams: [null],
      });
    },
  });
}
