import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { DeleteCommentReply } from '@/lib/api-types';
import { commentKeys } from './comment-keys';
import type { Comment } from './get-comments';

interface DeleteCommentInput {
  entryId: string;
  commentId: string;
  /** Sent as the page closes: the request outlives it. */
  keepalive?: boolean;
}

export async function deleteComment({ commentId, keepalive }: DeleteCommentInput): Promise<Comment> {
  const reply = await api.delete<DeleteCommentReply>(`/comment/deleteComment/${encodeURIComponent(commentId)}`, { keepalive });
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
