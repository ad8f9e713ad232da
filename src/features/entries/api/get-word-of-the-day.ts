import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WordOfTheDayReply } from '@/lib/api-types';
import { api } from '@/lib/api';
import { entryKeys } from './entry-keys';

/** The reader's own calendar day, YYYY-MM-DD: the word is the learner's day's, as the reminder's. */
export function localDay(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** The word of one day: the same entry for everyone that day (chosen by the server). */
export function getWordOfTheDay(date: string, signal?: AbortSignal): Promise<WordOfTheDayReply> {
  return api.get<WordOfTheDayReply>('/content/wordOfTheDay', { query: { date }, signal });
}

export function wordOfTheDayQueryOptions(date: string) {
  return queryOptions({
    queryKey: entryKeys.wordOfTheDay(date),
    queryFn: ({ signal }) => getWordOfTheDay(date, signal),
    // A day's word does not change (unless hidden, which the next visit sees).
    staleTime: 60 * 60 * 1000,
  });
}

/** Today's word for the home page. */
export function useWordOfTheDay(date: string = localDay()) {
  return useQuery(wordOfTheDayQueryOptions(date));
}
