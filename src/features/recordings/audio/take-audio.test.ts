import { describe, expect, it } from 'vitest';
import { LOUDNESS, TAKE_SAMPLE_RATE, TRIM, decodeWav, encodeWav, findVoice, mixToMono, processSamples } from './take-audio';

// The take's processing on synthetic takes: silence (or faint noise), a tone, silence.
const rate = TAKE_SAMPLE_RATE;
const margin = Math.round((rate * TRIM.marginMs) / 1000);
const windowSize = Math.round((rate * TRIM.windowMs) / 1000);

/** `seconds` of a 440 Hz sine of the given amplitude. */
function tone(seconds: number, amplitude: number): Float32Array {
  return Float32Array.from({ length: Math.round(seconds * rate) }, (_, index) => amplitude * Math.sin((2 * Math.PI * 440 * index) / rate));
}

/** `seconds` of noise no louder than `amplitude` (0: digital silence), the same every run. */
function hush(seconds: number, amplitude = 0): Float32Array {
  let seed = 7;
  return Float32Array.from({ length: Math.round(seconds * rate) }, () => {
    seed = (seed * 16807) % 2147483647;
    return amplitude * ((seed / 2147483647) * 2 - 1);
  });
}

const join = (...parts: Float32Array[]) => {
  const all = new Float32Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    all.set(part, at);
    at += part.length;
  }
  return all;
};

const rms = (samples: Float32Array) => Math.sqrt(samples.reduce((sum, sample) => sum + sample * sample, 0) / samples.length);
const peak = (samples: Float32Array) => samples.reduce((max, sample) => Math.max(max, Math.abs(sample)), 0);

describe('findVoice', () => {
  it('keeps the tone and the margin around it, not the silence at either end', () => {
    const take = join(hush(1), tone(1.5, 0.3), hush(2));
    const voice = findVoice(take, rate);
    expect(voice).not.toBeNull();
    // The tone runs from sample 24,000 to 60,000: the margin before and after, to a window.
    expect(Math.abs(voice!.start - (rate - margin))).toBeLessThanOrEqual(windowSize);
    expect(Math.abs(voice!.end - (2.5 * rate + margin))).toBeLessThanOrEqual(windowSize);
  });

  it('measures the threshold against the take’s own level: a faint voice over fainter noise is found', () => {
    // A voice at -40 dBFS over noise 40 dB below it.
    const take = join(hush(0.5, 0.0001), tone(1, 0.01), hush(0.5, 0.0001));
    const voice = findVoice(take, rate)!;
    expect(Math.abs(voice.start - (0.5 * rate - margin))).toBeLessThanOrEqual(windowSize);
    expect(Math.abs(voice.end - (1.5 * rate + margin))).toBeLessThanOrEqual(windowSize);
  });

  it('never cuts past either end of the take', () => {
    const take = tone(0.5, 0.5);
    expect(findVoice(take, rate)).toEqual({ start: 0, end: take.length });
  });

  it('finds nothing in silence or in noise under the floor', () => {
    expect(findVoice(hush(2), rate)).toBeNull();
    expect(findVoice(hush(2, 0.0005), rate)).toBeNull();
  });
});

describe('processSamples', () => {
  it('trims silence + tone + silence to the tone and its margins, at the target level', () => {
    const processed = processSamples(join(hush(1), tone(1.5, 0.05), hush(2)), rate)!;
    const expectedLength = 1.5 * rate + 2 * margin;
    expect(Math.abs(processed.samples.length - expectedLength)).toBeLessThanOrEqual(2 * windowSize);
    expect(processed.durationMs).toBeGreaterThan(1700);
    expect(processed.durationMs).toBeLessThan(1800);
    // The tone's RMS (its voiced windows) lands on the target.
    const voiced = processed.samples.subarray(margin + windowSize, processed.samples.length - margin - windowSize);
    expect(rms(voiced)).toBeCloseTo(LOUDNESS.targetRms, 2);
  });

  it('brings a quiet take and a loud one to the same level', () => {
    const quiet = processSamples(join(hush(0.3), tone(1, 0.02), hush(0.3)), rate)!;
    const loud = processSamples(join(hush(0.3), tone(1, 0.6), hush(0.3)), rate)!;
    expect(quiet.gain).toBeGreaterThan(1);
    expect(loud.gain).toBeLessThan(1);
    expect(peak(quiet.samples)).toBeCloseTo(peak(loud.samples), 2);
  });

  it('never lets a peak pass the ceiling: a spiky take is held by its peak, not its RMS', () => {
    const take = join(tone(1, 0.05), Float32Array.of(0.9, -0.9), tone(1, 0.05));
    const processed = processSamples(take, rate)!;
    expect(peak(processed.samples)).toBeCloseTo(LOUDNESS.ceiling, 3);
    expect(rms(processed.samples)).toBeLessThan(LOUDNESS.targetRms);
  });

  it('limits the gain: a faint take is raised at most maxGain times', () => {
    const processed = processSamples(join(hush(0.2), tone(1, 0.002), hush(0.2)), rate)!;
    expect(processed.gain).toBe(LOUDNESS.maxGain);
    expect(peak(processed.samples)).toBeCloseTo(0.02, 3);
  });

  it('answers null for a silent take', () => {
    expect(processSamples(hush(3), rate)).toBeNull();
  });
});

describe('mixToMono', () => {
  it('averages the channels', () => {
    expect(Array.from(mixToMono([Float32Array.of(1, 0.5), Float32Array.of(0, -0.5)]))).toEqual([0.5, 0]);
  });
});

describe('encodeWav', () => {
  it('writes 16-bit mono PCM at the rate, 2 bytes a sample after a 44-byte header, and reads back', () => {
    const samples = Float32Array.of(0, 0.5, -0.5, 1, -1, 2);
    const bytes = encodeWav(samples, rate);
    expect(bytes.byteLength).toBe(44 + samples.length * 2);
    expect(new TextDecoder().decode(bytes.slice(0, 4))).toBe('RIFF');
    expect(new TextDecoder().decode(bytes.slice(8, 16))).toBe('WAVEfmt ');
    const wav = decodeWav(bytes);
    expect(wav).toMatchObject({ sampleRate: rate, channels: 1, bitsPerSample: 16 });
    expect(Array.from(wav.samples).map((sample) => Number(sample.toFixed(3)))).toEqual([0, 0.5, -0.5, 1, -1, 1]);
  });

  it('keeps the longest take (15 s) under the bucket’s 2 MB', () => {
    expect(encodeWav(new Float32Array(15 * rate), rate).byteLength).toBeLessThan(2 * 1024 * 1024);
  });
});
