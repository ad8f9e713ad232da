import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { VoicesReply } from '@/lib/api-types';
import { voiceKeys } from './voice-keys';

/** Per country, its visible entries and how many have a native recording (GET /api/recording/voices). */
export function getVoices(signal?: AbortSignal): Promise<VoicesReply> {
  return api.get<VoicesReply>('/recording/voices', { signal });
}

export function voicesQueryOptions() {
  return queryOptions({ queryKey: voiceKeys.summary(), queryFn: ({ signal }) => getVoices(signal) });
}

export function useVoices() {
  return useQuery(voicesQueryOptions());
}
