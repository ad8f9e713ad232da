import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { recordingKeys } from './recording-keys';
import type { Recording } from './types';

export interface DeleteRecordingInput {
  contentId: string;
  recordingId: string;
}

/** DELETE /api/recording/{id}: its owner or an admin; the server removes the file too. */
export async function deleteRecording({ recordingId }: DeleteRecordingInput): Promise<void> {
  await api.delete(`/recording/${encodeURIComponent(recordingId)}`);
}

export function useDeleteRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteRecording,
    onSuccess: (_reply, { contentId, recordingId }) =>
      queryClient.setQueryData<Recording[]>(recordingKeys.forEntry(contentId), (list) => list?.filter((item) => item._id !== recordingId)),
  });
}
