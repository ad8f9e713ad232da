import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { VoteSummary, VoteSummaryReply } from '@/lib/api-types';
import { voteKeys } from './vote-keys';

export type { VoteSummary, VoteType } from '@/lib/api-types';

export async function getVoteSummary(entryId: string, signal?: AbortSignal): Promise<VoteSummary> {
  const reply = await api.get<VoteSummaryReply>(`/vote/getVoteSummary/${encodeURIComponent(entryId)}`, { signal });
  return reply.data;
}

export function voteSummaryQueryOptions(entryId: string) {
  return queryOptions({ queryKey: voteKeys.summary(entryId), queryFn: ({ signal }) => getVoteSummary(entryId, signal) });
}

/** The summary, shown from `placeholder` (what the entry itself says) until the server's answer. */
export function useVoteSummary(entryId: string, placeholder: VoteSummary) {
  return useQuery({ ...voteSummaryQueryOptions(entryId), placeholderData: placeholder });
}
