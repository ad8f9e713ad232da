import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { RemovedReply } from '@/lib/api-types';
import { chatKeys } from './chat-keys';
import { updateChats } from './get-chats';

export async function deleteChat(chatId: string): Promise<string> {
  const reply = await api.delete<RemovedReply>(`/chat/${encodeURIComponent(chatId)}`);
  return reply.data._id;
}

/** The chat leaves the list and its messages leave the cache. */
export function useDeleteChat(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteChat,
    onSuccess: (chatId) => {
      updateChats(queryClient, userId, (chats) => chats.filter((item) => item._id !== chatId));
      queryClient.removeQueries({ queryKey: chatKeys.messages(chatId) });
    },
  });
}
