import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { voteKeys } from './vote-keys';

export type VoteType = 'upvote' | 'downvote';

/** An entry's tallies and the caller's own vote (null when none, always for guests). */
export interface VoteSummary {
  contentId: string;
  upvotes: number;
  downvotes: number;
  voteCount: number;
  userVote: VoteType | null;
}

export async function getVoteSummary(entryId: string, signal?: AbortSignal): Promise<VoteSummary> {
  const reply = await api.get<{ data: VoteSummary }>(`/vote/getVoteSummary/${encodeURIComponent(entryId)}`, { signal });
  return reply.data;
}

export function voteSummaryQueryOptions(entryId: string) {
  return queryOptions({ queryKey: voteKeys.summary(entryId), queryFn: ({ signal }) => getVoteSummary(entryId, signal) });
}

/** The summary, shown from `placeholder` (what the entry itself says) until the server's answer. */
export function useVoteSummary(entryId: string, placeholder: VoteSummary) {
  return useQuery({ ...voteSummaryQueryOptions(entryId), placeholderData: placeholder });
}
