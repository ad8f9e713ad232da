import { apiRequest, isApiError } from '@/lib/api';
import type { AddRecordingReply } from '@/lib/api-types';
import { removeUpload, UploadError, uploadRecording } from './upload-recording';

/** A take to upload and register, at a path chosen once (kept with the take on the device). */
export interface TakeToSend {
  /** Whose take it is: registered only with their token (another account's session sends nothing). */
  userId: string;
  /** `<userId>/<contentId>/<uuid>.<ext>`: the same on every try, so a try that got there counts. */
  path: string;
  contentId: string;
  country: string;
  durationMs: number;
  file: Blob;
}

/** The path a new take of the entry gets, once, before anything is sent. */
export const takePath = (userId: string, contentId: string, extension: string) => `${userId}/${contentId}/${crypto.randomUUID()}.${extension}`;

/** A refusal the /api made after reading the request: nothing was registered, and trying again will not change it. */
const refused = (error: unknown) => isApiError(error) && error.status >= 400 && error.status < 500 && ![401, 408, 409, 429].includes(error.status);

/**
 * Uploads and registers a take, safe to repeat: a file already at its path is an earlier try's
 * upload, and `recording_exists` for its path an earlier try's registration, so a repeat ends
 * where the first try got to and the recording exists once. The file stays in Storage while a
 * retry may still register it (a lost reply may hide a registration); only a plain refusal
 * takes it back out. The upload lands only in the learner's own folder (Storage's rules), and
 * the registration goes only with their token.
 */
export async function sendTake({ userId, path, contentId, country, durationMs, file }: TakeToSend): Promise<void> {
  try {
    await uploadRecording({ path, file });
  } catch (error) {
    if (!(error instanceof UploadError && error.duplicate)) throw error;
  }
  try {
    const body = { contentId, path, country, durationMs };
    await apiRequest<AddRecordingReply>('/recording/addRecording', { method: 'POST', body, asUser: userId });
  } catch (error) {
    if (isApiError(error) && error.code === 'recording_exists') return;
    if (refused(error)) await removeUpload(path);
    throw error;
  }
}
