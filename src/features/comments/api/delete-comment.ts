import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { commentKeys } from './comment-keys';
import type { Comment } from './get-comments';

export async function deleteComment({ commentId }: { entryId: string; commentId: string }): Promise<Comment> {
  const reply = await api.delete<{ data: Comment }>(`/comment/deleteComment/${encodeURIComponent(commentId)}`);
  return reply.data;
}

export function useDeleteComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: (_deleted, { entryId, commentId }) =>
      queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list) => list?.filter((item) => item._id !== commentId)),
  });
}
