import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConceptSearchReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { conceptKeys } from './concept-keys';

/** The concept groups (one meaning across countries) whose members match `q`, best first. */
export function searchConcepts(q: string, signal?: AbortSignal): Promise<ConceptSearchReply> {
  return api.get<ConceptSearchReply>('/concept/search', { query: { q }, signal });
}

export function conceptSearchQueryOptions(q: string) {
  return queryOptions({
    queryKey: conceptKeys.search(q),
    queryFn: ({ signal }) => searchConcepts(q, signal),
    // A blank search finds nothing: no request.
    enabled: q.trim() !== '',
    staleTime: 60_000,
  });
}

/** The /compare page's results for `q` (nothing is asked while it is blank). */
export function useConceptSearch(q: string) {
  return useQuery(conceptSearchQueryOptions(q));
}
