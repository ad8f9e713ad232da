import { TAKE_SAMPLE_RATE, encodeWav, mixToMono, processSamples } from './take-audio';

// Loaded on its own (use-recorder.ts imports it when a take ends): only the recorder and the
// /record queue need it.

export interface ProcessedTake {
  /** 16-bit mono WAV at TAKE_SAMPLE_RATE: audio/wav is on the bucket's list. */
  file: Blob;
  extension: 'wav';
  durationMs: number;
}

/**
 * The take trimmed of the silence at both ends and brought to an even loudness, as WAV: null
 * when there is no voice in it. WAV rather than re-encoding with MediaRecorder: it is the same
 * in every browser, is written in a few lines without a library, needs no real-time playback
 * to encode, and 10 s at 24 kHz is 480 KB, far under the 2 MB limit. Decoding through an
 * OfflineAudioContext at 24 kHz resamples the take as it decodes.
 */
export async function processTake(take: Blob): Promise<ProcessedTake | null> {
  const context = new OfflineAudioContext(1, 1, TAKE_SAMPLE_RATE);
  const decoded = await context.decodeAudioData(await take.arrayBuffer());
  const channels = Array.from({ length: decoded.numberOfChannels }, (_, index) => decoded.getChannelData(index));
  const processed = processSamples(mixToMono(channels), decoded.sampleRate);
  if (!processed) return null;
  return {
    file: new Blob([encodeWav(processed.samples, decoded.sampleRate)], { type: 'audio/wav' }),
    extension: 'wav',
    durationMs: Math.max(1, processed.durationMs),
  };
}
