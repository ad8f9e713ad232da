import { useCallback, useEffect, useRef, useState } from 'react';
import { browserRecordingFormat, microphoneProblem, type MicrophoneProblem, type RecordingFormat } from './recording-format';

/** The limit: a recording is at most 10 seconds. */
export const MAX_RECORDING_MS = 10_000;

export type RecorderState =
  | { phase: 'idle' }
  | { phase: 'starting' }
  | { phase: 'recording'; startedAt: number; analyser: AnalyserNode | null }
  /** Trimming and evening out the take (process-take.ts). */
  | { phase: 'processing' }
  | { phase: 'recorded'; file: Blob; extension: string; url: string; durationMs: number };

interface Live {
  stream: MediaStream;
  recorder: MediaRecorder;
  context: AudioContext | null;
  timer: ReturnType<typeof setTimeout>;
}

function release(live: Live | null) {
  if (!live) return;
  clearTimeout(live.timer);
  for (const track of live.stream.getTracks()) track.stop();
  void live.context?.close().catch(() => undefined);
}

/** A level meter's source: the microphone through an AnalyserNode (none where Web Audio is missing). */
function analyse(stream: MediaStream): { context: AudioContext | null; analyser: AnalyserNode | null } {
  if (typeof AudioContext === 'undefined') return { context: null, analyser: null };
  try {
    const context = new AudioContext();
    const analyser = context.createAnalyser();
    analyser.fftSize = 512;
    context.createMediaStreamSource(stream).connect(analyser);
    return { context, analyser };
  } catch {
    return { context: null, analyser: null };
  }
}

interface Take {
  file: Blob;
  extension: string;
  durationMs: number;
}

/**
 * The take trimmed and evened out as WAV (process-take.ts, loaded only now); null when there
 * is no voice in it. Where the browser cannot decode its own recording, the take as recorded.
 */
async function processed(take: Take): Promise<Take | null> {
  try {
    const { processTake } = await import('../audio/process-take');
    return await processTake(take.file);
  } catch {
    return take;
  }
}

/**
 * MediaRecorder for one take at a time: start asks for the microphone and records for at most
 * `maxMs`; stop (or the limit) leaves the take, trimmed and evened out, as a Blob typed for the
 * bucket, with a blob URL to listen to; reset throws it away. The microphone is released as soon as a take ends.
 */
export function useRecorder(maxMs = MAX_RECORDING_MS) {
  const [format] = useState<RecordingFormat | undefined>(browserRecordingFormat);
  const [state, setState] = useState<RecorderState>({ phase: 'idle' });
  const [problem, setProblem] = useState<MicrophoneProblem | null>(format ? null : 'unsupported');
  const live = useRef<Live | null>(null);
  const takeUrl = useRef<string | null>(null);
  // Which take is current: a take still being processed when another starts, or is thrown
  // away, is dropped when it is ready.
  const takeNumber = useRef(0);
  const mounted = useRef(true);

  const dropTake = () => {
    if (takeUrl.current) URL.revokeObjectURL(takeUrl.current);
    takeUrl.current = null;
  };

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      const current = live.current;
      live.current = null;
      if (current && current.recorder.state !== 'inactive') current.recorder.stop();
      release(current);
      dropTake();
    };
  }, []);

  const stop = useCallback(() => {
    const current = live.current;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
  }, []);

  const start = useCallback(async () => {
    if (!format) return setProblem('unsupported');
    if (live.current) return;
    dropTake();
    const number = ++takeNumber.current;
    setProblem(null);
    setState({ phase: 'starting' });
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
    } catch (error) {
      if (mounted.current) {
        setProblem(microphoneProblem(error));
        setState({ phase: 'idle' });
      }
      return;
    }
    if (!mounted.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    let recorder: MediaRecorder;
    try {
      recorder = new MediaRecorder(stream, { mimeType: format.mimeType });
    } catch (error) {
      for (const track of stream.getTracks()) track.stop();
      setProblem(microphoneProblem(error));
      setState({ phase: 'idle' });
      return;
    }
    const chunks: Blob[] = [];
    const { context, analyser } = analyse(stream);
    let startedAt = performance.now();
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunks.push(event.data);
    };
    recorder.onstart = () => {
      startedAt = performance.now();
    };
    recorder.onerror = () => {
      if (recorder.state !== 'inactive') recorder.stop();
    };
    recorder.onstop = () => {
      const durationMs = Math.min(Math.round(performance.now() - startedAt), maxMs);
      release(own);
      if (live.current === own) live.current = null;
      if (!mounted.current || number !== takeNumber.current) return;
      // Typed without codec parameters: the bucket's allowed list names bare types.
      const file = new Blob(chunks, { type: format.contentType });
      if (file.size === 0) {
        setProblem('empty');
        setState({ phase: 'idle' });
        return;
      }
      setState({ phase: 'processing' });
      void processed({ file, extension: format.extension, durationMs }).then((take) => {
        if (!mounted.current || number !== takeNumber.current) return;
        if (!take) {
          setProblem('empty');
          setState({ phase: 'idle' });
          return;
        }
        const url = URL.createObjectURL(take.file);
        takeUrl.current = url;
        setState({ phase: 'recorded', ...take, url });
      });
    };
    const timer = setTimeout(() => {
      if (recorder.state !== 'inactive') recorder.stop();
    }, maxMs);
    const own: Live = { stream, recorder, context, timer };
    live.current = own;
    recorder.start();
    setState({ phase: 'recording', startedAt: performance.now(), analyser });
  }, [format, maxMs]);

  /** Throws the take away, and stops one being recorded (the microphone is released at once). */
  const reset = useCallback(() => {
    takeNumber.current++;
    const current = live.current;
    live.current = null;
    if (current && current.recorder.state !== 'inactive') current.recorder.stop();
    release(current);
    dropTake();
    setProblem(format ? null : 'unsupported');
    setState({ phase: 'idle' });
  }, [format]);

  return { format, state, problem, start, stop, reset };
}
