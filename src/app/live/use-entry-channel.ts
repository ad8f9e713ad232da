import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { commentKeys } from '@/features/comments/api/comment-keys';
import type { Comment } from '@/features/comments/api/get-comments';
import { entryKeys } from '@/features/entries/api/entry-keys';
import { applyLiveRecordings, recordingKeys } from '@/features/recordings';
import { applyLiveTags } from '@/features/tags/api/apply-live-tags';
import { tagKeys } from '@/features/tags/api/tag-keys';
import { applyLiveVariants } from '@/features/variants/api/apply-live-variants';
import { applyLiveUsage } from '@/features/usage';
import { voteKeys } from '@/features/votes/api/vote-keys';
import type { Entry, Tag, UsageEvent, VariantsEvent } from '@/lib/api-types';
import { subscribeTopic } from '@/lib/realtime';
import { applyScore, type EntryEdit, type Score } from './use-scores-channel';

function setCommentCount(queryClient: QueryClient, entryId: string, commentCount: unknown) {
  if (typeof commentCount !== 'number') return;
  queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, commentCount });
}

/**
 * One entry's live updates (topic entry:<id>): votes, comments, tags, variant links, usage marks and recordings made in any browser
 * patch this page's cache as they happen; after a dropped connection, refetch instead.
 * Returns how many learners have the page open (Presence), null until known.
 */
export function useEntryChannel(entryId: string): number | null {
  const queryClient = useQueryClient();
  const [here, setHere] = useState<{ entryId: string; count: number } | null>(null);
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
          applyLiveTags(queryClient, entryId, payload.tags as Tag[]);
        } else if (event === 'variants') {
          applyLiveVariants(queryClient, entryId, payload as Partial<VariantsEvent>);
        } else if (event === 'usage') {
          applyLiveUsage(queryClient, payload as unknown as UsageEvent);
        } else if (event === 'recordings') {
          applyLiveRecordings(queryClient, entryId);
        } else if (event === 'entry_updated') {
          const { contentId: _id, ...fields } = payload as unknown as EntryEdit;
          queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, ...fields });
        } else if (event === 'hidden') {
          // Held by moderators: marked at once (the page tells its owner and admins why, and
          // anyone else that it is gone); refetched the next time it is opened.
          queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, show: false, moderation: entry.moderation ?? 'held' });
          void queryClient.invalidateQueries({ queryKey: entryKeys.detail(entryId), refetchType: 'none' });
        } else if (event === 'shown') {
          void queryClient.invalidateQueries({ queryKey: entryKeys.detail(entryId) });
        } else if (event === 'comment_hidden' || event === 'comment_shown') {
          // The count leaves out held and removed comments: it moves with them.
          setCommentCount(queryClient, entryId, payload.commentCount);
          void queryClient.invalidateQueries({ queryKey: commentKeys.forEntry(entryId) });
        }
      },
      () => {
        for (const queryKey of [entryKeys.detail(entryId), voteKeys.summary(entryId), commentKeys.forEntry(entryId), tagKeys.forEntry(entryId), recordingKeys.forEntry(entryId)]) {
          void queryClient.invalidateQueries({ queryKey });
        }
      },
      (count) => setHere({ entryId, count }),
    );
  }, [entryId, queryClient]);
  return here?.entryId === entryId ? here.count : null;
}

