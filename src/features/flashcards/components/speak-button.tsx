import { useTranslation } from 'react-i18next';
import { pickSpanishVoice, speak, useVoices } from './use-spanish-voice';
import '../flashcard-strings';

function SpeakerIcon() {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
      <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />
    </svg>
  );
}

/** Reads the title, then the example sentence, in the entry's country's Spanish; nothing without a Spanish voice. */
export function SpeakButton({ title, exampleSentence, country }: { title: string; exampleSentence: string; country: string }) {
  const { t } = useTranslation();
  const voice = pickSpanishVoice(useVoices(), country);
  if (!voice) return null;
  return (
    <button type="button" className="review-card__tool" aria-label={t('flashcards.listen')} title={t('flashcards.listen')} onClick={() => speak(voice, [title, exampleSentence])}>
      <SpeakerIcon />
    </button>
  );
}
