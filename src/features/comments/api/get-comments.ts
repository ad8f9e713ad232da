import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Comment, CommentsReply } from '@/lib/api-types';
import { commentKeys } from './comment-keys';

export type { Comment };

export async function getComments(entryId: string, signal?: AbortSignal): Promise<Comment[]> {
  // palabrotas' reply: the comments themselves, a bare array (with its `content` and `updatedAt`).
  return api.get<CommentsReply>(`/comment/getCommentsByContentId/${encodeURIComponent(entryId)}`, { signal });
}

export function commentsQueryOptions(entryId: string) {
  return queryOptions({ queryKey: commentKeys.forEntry(entryId), queryFn: ({ signal }) => getComments(entryId, signal) });
}

/** The entry's comments, newest first; fetched once the list is opened. */
export function useComments(entryId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(entryId), enabled });
}
