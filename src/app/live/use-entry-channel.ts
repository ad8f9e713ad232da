import { useQueryClient, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { commentKeys, type Comment } from '@/features/comments';
import { entryKeys } from '@/features/entries';
import { tagKeys } from '@/features/tags/api/tag-keys';
import { voteKeys, type VoteSummary } from '@/features/votes';
import type { Entry, Tag } from '@/lib/api-types';
import { subscribeTopic } from '@/lib/realtime';

type Score = Pick<Entry, 'upvotes' | 'downvotes' | 'voteCount'> & { contentId: string };

/** Puts a broadcast score into every cached copy of that entry: its page, its vote summary, the lists. */
export function applyScore(queryClient: QueryClient, score: Score): void {
  const { contentId, upvotes, downvotes, voteCount } = score;
  queryClient.setQueryData<Entry>(entryKeys.detail(contentId), (entry) => entry && { ...entry, upvotes, downvotes, voteCount });
  // The learner's own vote stays as their cache has it: the broadcast does not say whose vote moved.
  queryClient.setQueryData<VoteSummary>(voteKeys.summary(contentId), (summary) => summary && { ...summary, upvotes, downvotes, voteCount });
  queryClient.setQueriesData<InfiniteData<{ data: Entry[] }>>({ queryKey: entryKeys.lists() }, (lists) =>
    lists && {
      ...lists,
      pages: lists.pages.map((page) => ({
        ...page,
        data: page.data.map((entry) => (entry._id === contentId ? { ...entry, upvotes, downvotes, voteCount } : entry)),
      })),
    },
  );
}

function setCommentCount(queryClient: QueryClient, entryId: string, commentCount: unknown) {
  if (typeof commentCount !== 'number') return;
  queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, commentCount });
}

/**
 * One entry's live updates (topic entry:<id>): votes, comments and tags made in any browser
 * patch this page's cache as they happen. After a dropped connection, refetch instead.
 */
export function useEntryChannel(entryId: string): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!entryId) return;
    return subscribeTopic(
      `entry:${entryId}`,
      (event, payload) => {
        if (event === 'vote') applyScore(queryClient, payload as unknown as Score);
        else if (event === 'comment_added') {
          const comment = payload.comment as Comment;
          queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list) =>
            list && !list.some((item) => item._id === comment._id) ? [comment, ...list] : list,
          );
          setCommentCount(queryClient, entryId, payload.commentCount);
        } else if (event === 'comment_deleted') {
          queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list) => list?.filter((item) => item._id !== payload._id));
          setCommentCount(queryClient, entryId, payload.commentCount);
        } else if (event === 'tags') {
          queryClient.setQueryData<Tag[]>(tagKeys.forEntry(entryId), payload.tags as Tag[]);
        }
      },
      () => {
        for (const queryKey of [entryKeys.detail(entryId), voteKeys.summary(entryId), commentKeys.forEntry(entryId), tagKeys.forEntry(entryId)]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      },
    );
  }, [entryId, queryClient]);
}

/** The home grid's live scores (topic entries): every vote anywhere moves the cards' counts. */
export function useScoresChannel(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeTopic(
        'entries',
        (event, payload) => {
          if (event === 'score') applyScore(queryClient, payload as unknown as Score);
        },
        () => void queryClient.invalidateQueries({ queryKey: entryKeys.lists() }),
      ),
    [queryClient],
  );
}
