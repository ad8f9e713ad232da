import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import type { AddRecordingReply } from '@/lib/api-types';
import { recordingKeys } from './recording-keys';
import type { Recording } from './types';
import { takePath } from './send-take';
import { removeUpload, uploadRecording } from './upload-recording';

export interface NewRecording {
  userId: string;
  contentId: string;
  /** The recorded audio, typed with the bare media type the bucket accepts. */
  file: Blob;
  /** The file name's extension for that type (webm, ogg, m4a, mp3, wav). */
  extension: string;
  country: string;
  durationMs: number;
  onProgress?: (fraction: number | null) => void;
}

/** Registers an uploaded object as a recording of the entry (POST /api/recording/addRecording). */
export async function addRecording(input: { contentId: string; path: string; country: string; durationMs: number }): Promise<Recording> {
  const reply = await api.post<AddRecordingReply>('/recording/addRecording', input);
  return reply.data;
}

/**
 * Uploads the audio into the learner's own folder (`<userId>/<contentId>/<uuid>.<ext>`), then
 * registers it; a file the /api refuses to register is taken back out of the bucket.
 */
export async function uploadAndAddRecording({ userId, contentId, file, extension, country, durationMs, onProgress }: NewRecording): Promise<Recording> {
  const path = takePath(userId, contentId, extension);
  await uploadRecording({ path, file, onProgress });
  try {
    return await addRecording({ contentId, path, country, durationMs });
  } catch (error) {
    await removeUpload(path);
    throw error;
  }
}

/** Uploads and registers a recording; the entry's list is fetched again (it is ordered by votes). */
export function useAddRecording() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadAndAddRecording,
    onSuccess: (_recording, { contentId }) => queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(contentId) }),
  });
}
