import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConceptGroupReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { conceptKeys } from './concept-keys';

/** One concept group (one meaning across countries) by its id, as the caller may see it. */
export function getConceptGroup(groupId: string, signal?: AbortSignal): Promise<ConceptGroupReply> {
  return api.get<ConceptGroupReply>(`/concept/${encodeURIComponent(groupId)}`, { signal });
}

export function conceptGroupQueryOptions(groupId: string) {
  return queryOptions({
    queryKey: conceptKeys.group(groupId),
    queryFn: ({ signal }) => getConceptGroup(groupId, signal),
    staleTime: 60_000,
  });
}

/** The /compare/:groupId page's group. */
export function useConceptGroup(groupId: string) {
  return useQuery(conceptGroupQueryOptions(groupId));
}
