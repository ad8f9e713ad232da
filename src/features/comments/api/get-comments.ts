import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { Moderation } from '@/lib/api-types';
import { commentKeys } from './comment-keys';

/** A comment with the spec's fields. */
export interface Comment {
  _id: string;
  contentId: string;
  text: string;
  /** The writer; _id null once their account was deleted. */
  owner: { _id: string | null; name: string };
  createdAt: string;
  /** Set on a reply: the comment it answers (replies are one level deep). */
  parentId?: string;
  /** Only for its writer and admins, and only when set. */
  moderation?: Moderation;
}

export async function getComments(entryId: string, signal?: AbortSignal): Promise<Comment[]> {
  // The seed's reply: the comments themselves, a bare array.
  return api.get<Comment[]>(`/comment/getCommentsByContentId/${encodeURIComponent(entryId)}`, { signal });
}

export function commentsQueryOptions(entryId: string) {
  return queryOptions({ queryKey: commentKeys.forEntry(entryId), queryFn: ({ signal }) => getComments(entryId, signal) });
}

/** The entry's comments, newest first; fetched once the list is opened. */
export function useComments(entryId: string, enabled: boolean) {
  return useQuery({ ...commentsQueryOptions(entryId), enabled });
}
