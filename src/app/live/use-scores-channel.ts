import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { entryKeys } from '@/features/entries/api/entry-keys';
import { patchEntryInLists, removeEntryFromLists } from '@/features/entries/api/patch-entry-in-lists';
import type { VoteSummary } from '@/features/votes/api/get-vote-summary';
import { voteKeys } from '@/features/votes/api/vote-keys';
import type { Entry, ScoreEvent } from '@/lib/api-types';
import { subscribeTopic } from '@/lib/realtime';

// Kept apart from the entry page's channel (and its imports from comments and tags), so the
// home page's chunk carries only what the scores need.

/** Puts a broadcast score into every cached copy of that entry: its page, its vote summary, the lists. */
export function applyScore(queryClient: QueryClient, score: ScoreEvent): void {
  const { contentId, upvotes, downvotes, voteCount } = score;
  queryClient.setQueryData<Entry>(entryKeys.detail(contentId), (entry) => entry && { ...entry, upvotes, downvotes, voteCount });
  // The learner's own vote stays as their cache has it: the broadcast does not say whose vote moved.
  queryClient.setQueryData<VoteSummary>(voteKeys.summary(contentId), (summary) => summary && { ...summary, upvotes, downvotes, voteCount });
  patchEntryInLists(queryClient, contentId, { upvotes, downvotes, voteCount });
}

/** The home grid's live topic (entries): every vote moves the cards' counts, edits change their words, hidden cards leave. */
export function useScoresChannel(): void {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeTopic(
        'entries',
        {
          score: (score) => applyScore(queryClient, score),
          entry_updated: ({ id: _message, contentId, ...fields }) => patchEntryInLists(queryClient, contentId, fields),
          // Hidden by moderators: gone from every grid at once; shown again: the grids refetch.
          hidden: ({ contentId }) => removeEntryFromLists(queryClient, contentId),
          shown: () => void queryClient.invalidateQueries({ queryKey: entryKeys.lists() }),
        },
        { onRejoin: () => void queryClient.invalidateQueries({ queryKey: entryKeys.lists() }) },
      ),
    [queryClient],
  );
}
