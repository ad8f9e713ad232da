import { useEffect, useRef, useState } from 'react';

// The Web Speech API's recognition (Chrome's is still webkit-prefixed); TypeScript's DOM
// library has its results but not the recognizer, so the little of it used here is declared.
interface Recognition extends EventTarget {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  maxAlternatives: number;
  onstart: (() => void) | null;
  onresult: ((event: { results: SpeechRecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionConstructor = new () => Recognition;

function recognitionConstructor(): RecognitionConstructor | undefined {
  if (typeof window === 'undefined') return undefined;
  const speechWindow = window as unknown as { SpeechRecognition?: RecognitionConstructor; webkitSpeechRecognition?: RecognitionConstructor };
  return speechWindow.SpeechRecognition ?? speechWindow.webkitSpeechRecognition;
}

/** What the recognizer said, in the spec's words (chat.speech.* in the locale files). */
export type SpeechOutcome = 'recognized' | 'noSpeech' | 'denied' | 'failed' | 'startFailed';

interface Options {
  /** The recognized words of one utterance. */
  onTranscript: (text: string) => void;
  onOutcome: (outcome: SpeechOutcome) => void;
}

/**
 * Spanish speech recognition (es-ES), one utterance at a time: `toggle` starts listening or
 * stops early. `supported` is false where the browser has no recognizer.
 */
export function useSpeechRecognition({ onTranscript, onOutcome }: Options) {
  const [listening, setListening] = useState(false);
  const recognition = useRef<Recognition | null>(null);
  const callbacks = useRef({ onTranscript, onOutcome });
  useEffect(() => {
    callbacks.current = { onTranscript, onOutcome };
  });
  useEffect(() => () => recognition.current?.abort(), []);
  const Constructor = recognitionConstructor();

  const start = () => {
    if (!Constructor) return;
    const recognizer = new Constructor();
    recognizer.lang = 'es-ES';
    recognizer.continuous = false;
    recognizer.interimResults = false;
    recognizer.maxAlternatives = 1;
    let heard = false;
    recognizer.onresult = (event) => {
      const transcript = Array.from(event.results, (result) => result[0]?.transcript ?? '').join(' ').trim();
      if (!transcript) return;
      heard = true;
      callbacks.current.onTranscript(transcript);
      callbacks.current.onOutcome('recognized');
    };
    recognizer.onerror = (event) => {
      heard = true;
      // 'aborted' is this page stopping it (leaving the chat): nothing to say.
      if (event.error === 'aborted') return;
      callbacks.current.onOutcome(
        event.error === 'no-speech' ? 'noSpeech' : event.error === 'not-allowed' || event.error === 'service-not-allowed' ? 'denied' : 'failed',
      );
    };
    recognizer.onend = () => {
      // Stopped with nothing recognized and no error: nothing was said.
      if (!heard) callbacks.current.onOutcome('noSpeech');
      if (recognition.current === recognizer) recognition.current = null;
      setListening(false);
    };
    try {
      recognizer.start();
      recognition.current = recognizer;
      setListening(true);
    } catch {
      callbacks.current.onOutcome('startFailed');
    }
  };

  const toggle = () => {
    if (recognition.current) recognition.current.stop();
    else start();
  };

  return { supported: Boolean(Constructor), listening, toggle };
}
