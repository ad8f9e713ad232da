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
import type { Entry } from '@/lib/api-types';
import { subscribeTopic } from '@/lib/realtime';
import { applyScore } from './use-scores-channel';

function setCommentCount(queryClient: QueryClient, entryId: string, commentCount: number) {
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
    // The count leaves out held and removed comments: it moves with them too.
    const commentModerated = ({ commentCount }: { commentCount: number }) => {
      setCommentCount(queryClient, entryId, commentCount);
      void queryClient.invalidateQueries({ queryKey: commentKeys.forEntry(entryId) });
    };
    return subscribeTopic(
      `entry:${entryId}`,
      {
        vote: (score) => applyScore(queryClient, score),
        comment_added: ({ comment, commentCount }) => {
          queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list) =>
            list && !list.some((item) => item._id === comment._id) ? [comment, ...list] : list,
          );
          setCommentCount(queryClient, entryId, commentCount);
        },
        comment_deleted: ({ _id, commentCount }) => {
          queryClient.setQueryData<Comment[]>(commentKeys.forEntry(entryId), (list) => list?.filter((item) => item._id !== _id));
          setCommentCount(queryClient, entryId, commentCount);
        },
        tags: ({ tags }) => applyLiveTags(queryClient, entryId, tags),
        variants: (variants) => applyLiveVariants(queryClient, entryId, variants),
        usage: (usage) => applyLiveUsage(queryClient, usage),
        recordings: () => applyLiveRecordings(queryClient, entryId),
        entry_updated: ({ id: _message, contentId: _id, ...fields }) =>
          queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, ...fields }),
        hidden: () => {
          // Held by moderators: marked at once (the page tells its owner and admins why, and
          // anyone else that it is gone); refetched the next time it is opened.
          queryClient.setQueryData<Entry>(entryKeys.detail(entryId), (entry) => entry && { ...entry, show: false, moderation: entry.moderation ?? 'held' });
          void queryClient.invalidateQueries({ queryKey: entryKeys.detail(entryId), refetchType: 'none' });
        },
        shown: () => void queryClient.invalidateQueries({ queryKey: entryKeys.detail(entryId) }),
        comment_hidden: commentModerated,
        comment_shown: commentModerated,
      },
      {
        onRejoin: () => {
          for (const queryKey of [entryKeys.detail(entryId), voteKeys.summary(entryId), commentKeys.forEntry(entryId), tagKeys.forEntry(entryId), recordingKeys.forEntry(entryId)]) {
            void queryClient.invalidateQueries({ queryKey });
          }
        },
        onPresence: (count) => setHere({ entryId, count }),
      },
    );
  }, [entryId, queryClient]);
  return here?.entryId === entryId ? here.count : null;
}

