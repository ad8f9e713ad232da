import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { entryKeys } from '@/features/entries/api/entry-keys';
import { patchEntryInLists, removeEntryFromLists } from '@/features/entries/api/patch-entry-in-lists';
import type { VoteSummary } from '@/features/votes/api/get-vote-summary';
import { voteKeys } from '@/features/votes/api/vote-keys';
import type { Entry } from '@/lib/api-types';
import { subscribeTopic } from '@/lib/realtime';

// Kept apart from the entry page's channel (and its imports from comments and tags), so the
// home page's chunk carries only what the scores need.

export type Score = Pick<Entry, 'upvotes' | 'downvotes' | 'voteCount'> & { contentId: string };

/** An edit as the database sends it (private.tell_entry_edit): the fields the pages show. */
export type EntryEdit = Pick<Entry, 'title' | 'description' | 'descriptionEs' | 'country' | 'hint' | 'exampleSentence' | 'author' | 'updatedAt'> & { contentId: string };

/** Puts a broadcast score into every cached copy of that entry: its page, its vote summary, the lists. */
export function applyScore(queryClient: QueryClient, score: Score): void {
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
        (event, payload) => {
          if (event === 'score') applyScore(queryClient, payload as unknown as Score);
          // Hidden by moderators: gone from every grid at once; shown again: the grids refetch.
          else if (event === 'entry_updated') {
            const { contentId, ...fields } = payload as unknown as EntryEdit;
            patchEntryInLists(queryClient, contentId, fields);
          } else if (event === 'hidden') removeEntryFromLists(queryClient, String(payload.contentId));
          else if (event === 'shown') void queryClient.invalidateQueries({ queryKey: entryKeys.lists() });
        },
        () => void queryClient.invalidateQueries({ queryKey: entryKeys.lists() }),
      ),
    [queryClient],
  );
}
