import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AddCommentReply } from '@/lib/api-types';
import { commentKeys } from './comment-keys';
import type { Comment } from './get-comments';

export async function addComment({ entryId, text, parentId }: { entryId: string; text: string; parentId?: string }): Promise<Comment> {
  const reply = await api.post<AddCommentReply>('/comment/addComment', { contentId: entryId, text, ...(parentId ? { parentId } : {}) });
  return reply.data;
}

/** Puts the new comment first in the entry's list (the live update may have brought it already). */
export function useAddComment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addComment,
    onSuccess: (comment, { entryId }) =>
      queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list = []) =>
        list.some((item) => item._id === comment._id) ? list : [comment, ...list],
      ),
  });
}
