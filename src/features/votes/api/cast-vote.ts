import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { patchEntryInLists } from '@/features/entries';
import { api } from '@/lib/api';
import type { AddVoteReply, VoteSummaryReply } from '@/lib/api-types';
import type { VoteSummary, VoteType } from './get-vote-summary';
import { voteKeys } from './vote-keys';

/** What the learner asked for: a vote up or down, or (null) taking theirs back. */
export interface VoteChange {
  entryId: string;
  voteType: VoteType | null;
}

export async function changeVote({ entryId, voteType }: VoteChange): Promise<VoteSummary> {
  const reply = voteType
    ? await api.post<AddVoteReply>('/vote/addVote', { contentId: entryId, voteType })
    : await api.delete<VoteSummaryReply>(`/vote/removeVote/${encodeURIComponent(entryId)}`);
  return reply.data;
}

/** The tallies as they will be once `change` is recorded: shown at once, rolled back on failure. */
export function predictSummary(summary: VoteSummary, voteType: VoteType | null): VoteSummary {
  const value = (type: VoteType | null) => (type === 'upvote' ? 1 : type === 'downvote' ? -1 : 0);
  const upvotes = summary.upvotes - (summary.userVote === 'upvote' ? 1 : 0) + (voteType === 'upvote' ? 1 : 0);
  const downvotes = summary.downvotes - (summary.userVote === 'downvote' ? 1 : 0) + (voteType === 'downvote' ? 1 : 0);
  return { ...summary, upvotes, downvotes, voteCount: summary.voteCount - value(summary.userVote) + value(voteType), userVote: voteType };
}

/** Casts, switches or takes back the learner's vote, optimistically. */
export function useChangeVote() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeVote,
    onMutate: async ({ entryId, voteType }) => {
      const key = voteKeys.summary(entryId);
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<VoteSummary>(key);
      if (before) queryClient.setQueryData(key, predictSummary(before, voteType));
      return { before };
    },
    onError: (_error, { entryId }, context) => {
      if (context?.before) queryClient.setQueryData(voteKeys.summary(entryId), context.before);
    },
    onSuccess: (summary, { entryId }) => queryClient.setQueryData(voteKeys.summary(entryId), summary),
  });
}

/** Puts `summary` (tallies and the learner's vote) into every cached list that holds the entry. */
function setInLists(queryClient: QueryClient, { contentId, upvotes, downvotes, voteCount, userVote }: VoteSummary): void {
  patchEntryInLists(queryClient, contentId, { upvotes, downvotes, voteCount, userVote });
}

/**
 * A vote from a card: the lists move at once, then take the server's answer (also kept as
 * the entry's summary); a refusal puts them back and is thrown.
 */
export async function voteInLists(queryClient: QueryClient, before: VoteSummary, voteType: VoteType | null): Promise<VoteSummary> {
  setInLists(queryClient, predictSummary(before, voteType));
  try {
    const summary = await changeVote({ entryId: before.contentId, voteType });
    setInLists(queryClient, summary);
    queryClient.setQueryData(voteKeys.summary(summary.contentId), summary);
    return summary;
  } catch (error) {
    setInLists(queryClient, before);
    throw error;
  }
}
