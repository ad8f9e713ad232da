import { env } from '@/lib/env';
import { currentAccessToken } from '@/lib/supabase';
import { MAX_RECORDING_BYTES, RECORDINGS_BUCKET } from '@contract/limits';
import { encodeObjectPath, storageUrl } from './recording-url';

/** Why an upload failed, in the words the recorder shows. */
export type UploadProblem = 'tooLarge' | 'type' | 'signedOut' | 'tooManyUploads' | 'quotaExceeded' | 'uploadFailed';

export class UploadError extends Error {
  readonly problem: UploadProblem;
  /** Storage already holds a file at this path (a retry of an upload that got there). */
  readonly duplicate: boolean;
  constructor(problem: UploadProblem, message: string, duplicate = false) {
    super(message);
    this.name = 'UploadError';
    this.problem = problem;
    this.duplicate = duplicate;
  }
}

/**
 * Supabase Storage's error body: `{ statusCode, error, message }` (statusCode a string on the
 * hosted one). The account's limits (too many uploads a minute, no room left) come as 429 and
 * 413 from the local Storage and as a refusal whose message starts with their code on hosted.
 */
export function problemOf(status: number, responseText: string): UploadProblem {
  let body: { statusCode?: unknown; error?: unknown; message?: unknown } = {};
  try {
    body = JSON.parse(responseText) as typeof body;
  } catch {
    // not JSON: the HTTP status alone says it
  }
  const code = Number(body.statusCode ?? status);
  const words = `${String(body.error ?? '')} ${String(body.message ?? '')}`.toLowerCase();
  if (words.includes('too_many_uploads') || status === 429) return 'tooManyUploads';
  if (words.includes('quota_exceeded')) return 'quotaExceeded';
  if (code === 413 || status === 413 || words.includes('too large') || words.includes('exceeded the maximum')) return 'tooLarge';
  if (code === 415 || status === 415 || words.includes('mime')) return 'type';
  if (status === 401 || code === 401 || words.includes('jwt')) return 'signedOut';
  return 'uploadFailed';
}

/**
 * Whether Storage refused the upload because the path is taken: `{ statusCode: '409', error:
 * 'Duplicate' }` (under HTTP 400 locally and on hosted). Not its other 409s: a busy row
 * (`TransactionError`) is worth another try.
 */
export function isDuplicateObject(status: number, responseText: string): boolean {
  try {
    const body = JSON.parse(responseText) as { statusCode?: unknown; error?: unknown };
    return Number(body.statusCode ?? status) === 409 && body.error === 'Duplicate';
  } catch {
    return false;
  }
}

export interface UploadInput {
  /** `<userId>/<contentId>/<file>`, inside the learner's own folder. */
  path: string;
  /** Its type without parameters (`audio/webm`, not `audio/webm;codecs=opus`): the bucket lists bare types. */
  file: Blob;
  /** 0 to 1 as the bytes leave; null while the browser cannot tell. */
  onProgress?: (fraction: number | null) => void;
  signal?: AbortSignal;
}

/**
 * Uploads a recording to the `recordings` bucket as the signed-in learner, the request
 * storage-js's `upload(path, blob)` makes (multipart, `x-upsert: false`), but through
 * XMLHttpRequest: fetch cannot tell how much of a body has been sent, and the recorder
 * shows real progress. Resolves with the object's path.
 */
export async function uploadRecording({ path, file, onProgress, signal }: UploadInput): Promise<string> {
  if (file.size > MAX_RECORDING_BYTES) throw new UploadError('tooLarge', 'The recording is larger than 2 MB');
  const token = await currentAccessToken();
  if (!token) throw new UploadError('signedOut', 'No session');
  const form = new FormData();
  form.append('cacheControl', '3600');
  form.append('', file);
  return new Promise<string>((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', new URL(`object/${RECORDINGS_BUCKET}/${encodeObjectPath(path)}`, storageUrl).href);
    request.setRequestHeader('Authorization', `Bearer ${token}`);
    request.setRequestHeader('apikey', env.supabaseAnonKey);
    request.setRequestHeader('x-upsert', 'false');
    request.upload.onprogress = (event) => onProgress?.(event.lengthComputable && event.total > 0 ? event.loaded / event.total : null);
    request.onload = () => {
      if (request.status >= 200 && request.status < 300) {
        onProgress?.(1);
        resolve(path);
      } else {
        const { status, responseText } = request;
        reject(new UploadError(problemOf(status, responseText), `Storage answered ${status}`, isDuplicateObject(status, responseText)));
      }
    };
    request.onerror = () => reject(new UploadError('uploadFailed', 'Storage could not be reached'));
    request.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => request.abort(), { once: true });
    request.send(form);
  });
}

/** Takes back an uploaded file the /api refused to register (best effort: the learner may remove their own). */
export async function removeUpload(path: string): Promise<void> {
  const token = await currentAccessToken();
  if (!token) return;
  await fetch(new URL(`object/${RECORDINGS_BUCKET}`, storageUrl).href, {
    method: 'DELETE',
    headers: { Authorization: `Bearer ${token}`, apikey: env.supabaseAnonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ prefixes: [path] }),
  }).catch(() => undefined);
}
