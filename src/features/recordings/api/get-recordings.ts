import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { RecordingsReply } from '@/lib/api-types';
import { recordingKeys } from './recording-keys';
import type { Recording } from './types';

export function getRecordings(contentId: string, signal?: AbortSignal): Promise<Recording[]> {
  return api.get<RecordingsReply>(`/recording/getRecordings/${encodeURIComponent(contentId)}`, { signal });
}

export function recordingsQueryOptions(contentId: string) {
  return queryOptions({
    queryKey: recordingKeys.forEntry(contentId),
    queryFn: ({ signal }) => getRecordings(contentId, signal),
    // A review prefetches the next card's list: it is still fresh when that card comes up. The
    // entry page's list follows the live broadcast (which invalidates it) whatever its age.
    staleTime: 60_000,
  });
}

/** An entry's recordings, best-voted first (the server's order). */
export function useRecordings(contentId: string) {
  return useQuery(recordingsQueryOptions(contentId));
}

/**
 * The recording to play for a card from `country`: the best from there, else the best from
 * anywhere (a person saying it beats a computer voice); undefined when there is none.
 */
export function bestRecording(recordings: readonly Recording[] | undefined, country: string): Recording | undefined {
  return recordings?.find((recording) => recording.country === country) ?? recordings?.[0];
}

/** The country a recording is said from: its speaker's when they made it (issue 34), else the one they chose. */
export const spokenFrom = (recording: Recording): string => recording.speakerCountry ?? recording.country;

/**
 * The list grouped by the speaker's country, each group in the server's order (votes, then
 * newest): the entry's own country first, then the others in the order of their best recording.
 */
export function groupBySpeakerCountry(recordings: readonly Recording[], entryCountry: string): { country: string; recordings: Recording[] }[] {
  const groups = new Map<string, Recording[]>([[entryCountry, []]]);
  for (const recording of recordings) {
    const country = spokenFrom(recording);
    const group = groups.get(country);
    if (group) group.push(recording);
    else groups.set(country, [recording]);
  }
  return [...groups].filter(([, list]) => list.length > 0).map(([country, list]) => ({ country, recordings: list }));
}
