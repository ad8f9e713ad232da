import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, apiRequest, isApiError } from '@/lib/api';
import type { RecordingRequestReply } from '@/lib/api-types';
import { recordingKeys } from './recording-keys';

/** GET /api/recording/request/:contentId: how many learners ask to hear the entry, whether the caller does, whether it has a native voice. */
export function getRecordingRequest(contentId: string, signal?: AbortSignal): Promise<RecordingRequestReply> {
  return api.get<RecordingRequestReply>(`/recording/request/${encodeURIComponent(contentId)}`, { signal });
}

export function recordingRequestQueryOptions(contentId: string) {
  return queryOptions({ queryKey: recordingKeys.requestFor(contentId), queryFn: ({ signal }) => getRecordingRequest(contentId, signal) });
}

export function useRecordingRequest(contentId: string) {
  return useQuery(recordingRequestQueryOptions(contentId));
}

export interface RecordingRequestChange {
  contentId: string;
  /** True asks (POST), false withdraws (DELETE). */
  ask: boolean;
}

/** Asks for (POST) or withdraws (DELETE ?contentId=) the caller's request; both answer with the entry's requests. */
export function changeRecordingRequest({ contentId, ask }: RecordingRequestChange): Promise<RecordingRequestReply> {
  return ask
    ? api.post<RecordingRequestReply>('/recording/request', { contentId })
    : apiRequest<RecordingRequestReply>('/recording/request', { method: 'DELETE', query: { contentId } });
}

/** The requests as they will be once the change is counted: shown at once, rolled back on failure. */
export function predictRequest(reply: RecordingRequestReply, ask: boolean): RecordingRequestReply {
  if (reply.requested === ask) return reply;
  return { ...reply, requested: ask, count: Math.max(0, reply.count + (ask ? 1 : -1)) };
}

/** The entry has a native recording already (409 `entry_voiced`): asking is pointless. */
export const isRecordingExists = (error: unknown) => isApiError(error) && error.status === 409 && error.code === 'entry_voiced';

/**
 * Asks or withdraws, optimistically. The server's reply is the truth (others may have asked
 * meanwhile); on failure the count and button go back, and on `entry_voiced` the entry's
 * recordings and requests are read again (the new recording shows, the button goes).
 */
export function useChangeRecordingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeRecordingRequest,
    onMutate: async ({ contentId, ask }) => {
      const key = recordingKeys.requestFor(contentId);
      await queryClient.cancelQueries({ queryKey: key, exact: true });
      const before = queryClient.getQueryData<RecordingRequestReply>(key);
      if (before) queryClient.setQueryData(key, predictRequest(before, ask));
      return { before };
    },
    onError: (error, { contentId }, context) => {
      if (context?.before) queryClient.setQueryData(recordingKeys.requestFor(contentId), context.before);
      if (isRecordingExists(error)) void queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(contentId) });
    },
    onSuccess: (reply, { contentId }) => queryClient.setQueryData(recordingKeys.requestFor(contentId), reply),
  });
}
