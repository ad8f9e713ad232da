import { useEffect, useState } from 'react';

const synth = () => (typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined);

const langOf = (voice: SpeechSynthesisVoice) => voice.lang.replace('_', '-').toLowerCase();

/**
 * The voice for an entry from `country` (MX → es-MX, AR → es-AR, ES → es-ES, ...): that
 * exact locale, else one whose lang starts with it, else any Spanish voice; undefined when
 * the browser has none.
 */
export function pickSpanishVoice(voices: readonly SpeechSynthesisVoice[], country: string): SpeechSynthesisVoice | undefined {
  const spanish = voices.filter((voice) => langOf(voice) === 'es' || langOf(voice).startsWith('es-'));
  const wanted = `es-${country.toLowerCase()}`;
  return (
    spanish.find((voice) => langOf(voice) === wanted) ??
    spanish.find((voice) => langOf(voice).startsWith(wanted)) ??
    spanish.find((voice) => voice.default) ??
    spanish[0]
  );
}

/** The browser's voices; they load asynchronously in most browsers, hence `voiceschanged`. */
export function useVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => synth()?.getVoices() ?? []);
  useEffect(() => {
    const speech = synth();
    if (!speech) return;
    const update = () => setVoices(speech.getVoices());
    update();
    speech.addEventListener('voiceschanged', update);
    return () => speech.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

/** Reads `texts` one after another with `voice`, cutting off whatever was being read. */
export function speak(voice: SpeechSynthesisVoice, texts: string[]): void {
  const speech = synth();
  if (!speech) return;
  speech.cancel();
  for (const text of texts.filter(Boolean)) {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.voice = voice;
    utterance.lang = voice.lang;
    speech.speak(utterance);
  }
}
