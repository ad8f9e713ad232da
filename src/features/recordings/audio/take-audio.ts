// What happens to a take between the microphone and the bucket, as pure functions over
// samples (-1..1): find where the voice starts and ends, even out its loudness, write it as a
// 16-bit mono WAV. process-take.ts runs them on a decoded take in the browser.

/** The rate takes are kept at: speech needs little above 8 kHz, and 10 s of 16-bit mono is 480 KB. */
export const TAKE_SAMPLE_RATE = 24_000;

export interface TrimOptions {
  /** Loudness is measured over windows this long. */
  windowMs: number;
  /** A window is voice when its RMS is within this many dB of the loudest window. */
  relativeDb: number;
  /** Below this RMS (about -60 dBFS) nothing is voice, however quiet the take. */
  floor: number;
  /** Kept before the first and after the last voiced window, so breaths and consonants survive. */
  marginMs: number;
}

export const TRIM: TrimOptions = { windowMs: 10, relativeDb: 30, floor: 0.001, marginMs: 120 };

export interface LoudnessOptions {
  /** The RMS of the voiced part after the gain (about -20 dBFS). */
  targetRms: number;
  /** No sample goes above this (about -1 dBFS): no clipping. */
  ceiling: number;
  /** At most this gain (+20 dB): a faint take is not turned into loud noise. */
  maxGain: number;
}

export const LOUDNESS: LoudnessOptions = { targetRms: 0.1, ceiling: 0.89, maxGain: 10 };

/** The RMS of each window of `windowSize` samples (the last may be shorter). */
export function windowLevels(samples: Float32Array, windowSize: number): Float32Array {
  const levels = new Float32Array(Math.ceil(samples.length / windowSize));
  for (let window = 0; window < levels.length; window++) {
    const from = window * windowSize;
    const to = Math.min(samples.length, from + windowSize);
    let sum = 0;
    for (let index = from; index < to; index++) sum += samples[index] * samples[index];
    levels[window] = Math.sqrt(sum / (to - from));
  }
  return levels;
}

/**
 * Where the voice is: [start, end) in samples, from the first to the last window loud enough
 * (relative to the take's loudest window), widened by the margin; null when nothing is (a
 * silent take). The threshold follows the take's own level, so a quiet microphone trims as
 * well as a loud one.
 */
export function findVoice(samples: Float32Array, sampleRate: number, options: TrimOptions = TRIM): { start: number; end: number } | null {
  const windowSize = Math.max(1, Math.round((sampleRate * options.windowMs) / 1000));
  const levels = windowLevels(samples, windowSize);
  const loudest = levels.reduce((max, level) => Math.max(max, level), 0);
  if (loudest < options.floor) return null;
  const threshold = Math.max(options.floor, loudest * 10 ** (-options.relativeDb / 20));
  const first = levels.findIndex((level) => level >= threshold);
  const last = levels.findLastIndex((level) => level >= threshold);
  const margin = Math.round((sampleRate * options.marginMs) / 1000);
  return { start: Math.max(0, first * windowSize - margin), end: Math.min(samples.length, (last + 1) * windowSize + margin) };
}

/** The RMS of the windows that are voice (those at or above `threshold`), or of all when none is. */
function voicedRms(samples: Float32Array, sampleRate: number, options: TrimOptions): number {
  const windowSize = Math.max(1, Math.round((sampleRate * options.windowMs) / 1000));
  const levels = windowLevels(samples, windowSize);
  const loudest = levels.reduce((max, level) => Math.max(max, level), 0);
  const threshold = Math.max(options.floor, loudest * 10 ** (-options.relativeDb / 20));
  const voiced = levels.filter((level) => level >= threshold);
  const chosen = voiced.length > 0 ? voiced : levels;
  return Math.sqrt(chosen.reduce((sum, level) => sum + level * level, 0) / Math.max(1, chosen.length));
}

/**
 * The gain that brings the voiced part to the target RMS, held so no sample passes the ceiling
 * and the gain stays under its limit (it may be below 1: a loud take is turned down).
 */
export function loudnessGain(samples: Float32Array, sampleRate: number, options: LoudnessOptions = LOUDNESS, trim: TrimOptions = TRIM): number {
  const rms = voicedRms(samples, sampleRate, trim);
  let peak = 0;
  for (const sample of samples) peak = Math.max(peak, Math.abs(sample));
  if (rms === 0 || peak === 0) return 1;
  return Math.min(options.targetRms / rms, options.ceiling / peak, options.maxGain);
}

/** The samples times `gain`, clamped to -1..1. */
export function applyGain(samples: Float32Array, gain: number): Float32Array {
  return samples.map((sample) => Math.max(-1, Math.min(1, sample * gain)));
}

/** The average of the channels, one sample per frame. */
export function mixToMono(channels: readonly Float32Array[]): Float32Array {
  if (channels.length === 1) return channels[0];
  const mono = new Float32Array(channels[0]?.length ?? 0);
  for (const channel of channels) for (let index = 0; index < mono.length; index++) mono[index] += channel[index] / channels.length;
  return mono;
}

/** A 16-bit PCM mono WAV file (RIFF, 44-byte header, little-endian) of the samples. */
export function encodeWav(samples: Float32Array, sampleRate: number): ArrayBuffer {
  const bytes = new ArrayBuffer(44 + samples.length * 2);
  const view = new DataView(bytes);
  const text = (offset: number, value: string) => {
    for (let index = 0; index < value.length; index++) view.setUint8(offset + index, value.charCodeAt(index));
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true); // the fmt chunk's size
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // one channel
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true); // bytes a second
  view.setUint16(32, 2, true); // bytes a frame
  view.setUint16(34, 16, true); // bits a sample
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let index = 0; index < samples.length; index++) {
    const sample = Math.max(-1, Math.min(1, samples[index]));
    view.setInt16(44 + index * 2, Math.round(sample < 0 ? sample * 0x8000 : sample * 0x7fff), true);
  }
  return bytes;
}

/** The samples of a 16-bit PCM mono WAV file as encodeWav writes it (for tests and checks). */
export function decodeWav(bytes: ArrayBuffer): { sampleRate: number; channels: number; bitsPerSample: number; samples: Float32Array } {
  const view = new DataView(bytes);
  const sampleRate = view.getUint32(24, true);
  const channels = view.getUint16(22, true);
  const bitsPerSample = view.getUint16(34, true);
  const length = view.getUint32(40, true) / 2;
  const samples = new Float32Array(length);
  for (let index = 0; index < length; index++) {
    const value = view.getInt16(44 + index * 2, true);
    samples[index] = value < 0 ? value / 0x8000 : value / 0x7fff;
  }
  return { sampleRate, channels, bitsPerSample, samples };
}

export interface ProcessedSamples {
  samples: Float32Array;
  /** How long the kept part lasts. */
  durationMs: number;
  /** The gain applied. */
  gain: number;
}

/** Trim, then even out: the kept samples, or null for a take with no voice in it. */
export function processSamples(samples: Float32Array, sampleRate: number): ProcessedSamples | null {
  const voice = findVoice(samples, sampleRate);
  if (!voice) return null;
  const kept = samples.subarray(voice.start, voice.end);
  const gain = loudnessGain(kept, sampleRate);
  return { samples: applyGain(kept, gain), durationMs: Math.round((kept.length / sampleRate) * 1000), gain };
}
