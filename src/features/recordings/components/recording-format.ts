/** What MediaRecorder is asked to record, and how the file is typed and named for the bucket. */
export interface RecordingFormat {
  /** MediaRecorder's mimeType, codecs and all. */
  mimeType: string;
  /** The bare media type the bucket's allowed list names. */
  contentType: string;
  extension: string;
}

// Opus in WebM (Chromium, Firefox), Opus in Ogg, AAC in MP4 (Safari): the bucket takes all of
// them (audio/webm, audio/ogg, audio/mp4, audio/mpeg, audio/wav), as bare types.
const FORMATS: RecordingFormat[] = [
  { mimeType: 'audio/webm;codecs=opus', contentType: 'audio/webm', extension: 'webm' },
  { mimeType: 'audio/webm', contentType: 'audio/webm', extension: 'webm' },
  { mimeType: 'audio/ogg;codecs=opus', contentType: 'audio/ogg', extension: 'ogg' },
  { mimeType: 'audio/ogg', contentType: 'audio/ogg', extension: 'ogg' },
  { mimeType: 'audio/mp4', contentType: 'audio/mp4', extension: 'm4a' },
  { mimeType: 'audio/mpeg', contentType: 'audio/mpeg', extension: 'mp3' },
  { mimeType: 'audio/wav', contentType: 'audio/wav', extension: 'wav' },
];

/** The first format this browser records in, or undefined when it cannot record audio at all. */
export function pickRecordingFormat(isTypeSupported: ((type: string) => boolean) | undefined): RecordingFormat | undefined {
  if (!isTypeSupported) return undefined;
  return FORMATS.find((format) => isTypeSupported(format.mimeType));
}

/** Whether this page can record: a microphone API (secure contexts only), MediaRecorder and a format the bucket takes. */
export function browserRecordingFormat(): RecordingFormat | undefined {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') return undefined;
  return pickRecordingFormat((type) => MediaRecorder.isTypeSupported(type));
}

/** Why the microphone could not be used, from getUserMedia's error name. */
export type MicrophoneProblem = 'denied' | 'noMicrophone' | 'busy' | 'unsupported' | 'empty';

export function microphoneProblem(error: unknown): MicrophoneProblem {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'DevicesNotFoundError' || name === 'OverconstrainedError') return 'noMicrophone';
  if (name === 'NotSupportedError' || name === 'TypeError') return 'unsupported';
  return 'busy';
}
