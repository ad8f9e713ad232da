import { useQuery } from '@tanstack/react-query';
import type { Entry, SameTitleReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { entryKeys } from './entry-keys';

/** How long the title must rest before the app asks whether it exists. */
export const SAME_TITLE_DEBOUNCE_MS = 400;

/** Entries the caller can see with this title (case, accents and punctuation aside) in this country. */
export async function findSameTitle(title: string, country: string, signal?: AbortSignal): Promise<Entry[]> {
  const query = new URLSearchParams({ title, country });
  return (await api.get<SameTitleReply>(`/content/findSameTitle?${query}`, { signal })).data;
}

/**
 * Asks once the learner pauses, with a title of letters or digits and a country chosen; the
 * matches for what the form holds now (none while it has changed since, or on a failure:
 * the check helps, it never stands in the way).
 */
export function useSameTitleEntries(title: string, country: string): Entry[] {
  const settled = useDebouncedValue({ title: title.trim(), country }, SAME_TITLE_DEBOUNCE_MS);
  const enabled = /[\p{L}\p{N}]/u.test(settled.title) && settled.title.length <= 1000 && settled.country !== '';
  const { data } = useQuery({
    queryKey: [...entryKeys.all, 'sameTitle', settled.country, settled.title] as const,
    queryFn: ({ signal }) => findSameTitle(settled.title, settled.country, signal),
    enabled,
    staleTime: 30_000,
  });
  const current = settled.title === title.trim() && settled.country === country;
  return enabled && current && data ? data : [];
}
