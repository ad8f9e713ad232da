import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSpanishInterface } from '@/components/meaning';
import { api } from '@/lib/api';
import { chatKeys } from './chat-keys';
import { rememberChat } from './get-chats';
import type { Chat, ChatPage, PalabrotasChat } from './types';

export async function createChat(userId: string, title?: string): Promise<Chat> {
  // No title: the server names it "New Chat".
  // palabrotas' reply: the chat itself (with its owner and, empty, its messages).
  const reply = await api.post<PalabrotasChat>('/chat/new', title ? { userId, title } : { userId });
  const { messages: _messages, userId: _owner, ...chat } = reply;
  return chat;
}

/**
 * A new, empty chat: first in the list, and its (empty) messages known without asking. In the
 * Spanish interface it is called "Nuevo chat" (chat.defaultTitle), which the server treats as
 * the default title like "New Chat": the first question renames it.
 */
export function useCreateChat(userId: string) {
  const queryClient = useQueryClient();
  const { t } = useTranslation();
  const spanish = useSpanishInterface();
  return useMutation({
    mutationFn: () => createChat(userId, spanish ? t('chat.defaultTitle') : undefined),
    onSuccess: (chat) => {
      rememberChat(queryClient, userId, chat);
      queryClient.setQueryData(chatKeys.messages(chat._id), {
        pages: [{ chat, messages: [], hasOlder: false, olderCursor: null } satisfies ChatPage],
        pageParams: [null],
      });
    },
  });
}
