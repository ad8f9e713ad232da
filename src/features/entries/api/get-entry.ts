import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EntryDetail } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

export function getEntry(id: string, signal?: AbortSignal): Promise<EntryDetail> {
  return api.get<EntryDetail>(`/content/getContentById/${encodeURIComponent(id)}`, { signal });
}

export function entryQueryOptions(id: string) {
  return queryOptions({
    queryKey: entryKeys.detail(id),
    queryFn: ({ signal }) => getEntry(id, signal),
  });
}

export function useEntry(id: string) {
  return useQuery(entryQueryOptions(id));
}
