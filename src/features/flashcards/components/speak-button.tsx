import { useQuery } from '@tanstack/react-query';
import { useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '@/components/toasts';
import { useCountryName } from '@/features/countries';
import { bestRecording, recordingsQueryOptions, recordingUrl, type Recording } from '@/features/recordings';
import { pickSpanishVoice, speak, useVoices } from './use-spanish-voice';
import '../flashcard-strings';

function SpeakerIcon({ off = false }: { off?: boolean }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M4 9.5h3.5L12 5.5v13l-4.5-4H4z" />
      {off ? <path d="M16 9.5l5 5M21 9.5l-5 5" /> : <path d="M15.5 9a4 4 0 0 1 0 6M18 6.5a7.5 7.5 0 0 1 0 11" />}
    </svg>
  );
}

/** What the card can say: a person's recording, a speech voice, nothing yet (still looking, or none). */
export interface CardAudio {
  kind: 'recording' | 'voice' | 'loading' | 'none';
  recording?: Recording;
  contentId: string;
  country: string;
  /** The speaker's action, also the review screen's R key. */
  play: () => void;
  playing: boolean;
  setPlaying: (playing: boolean) => void;
  /** The recording's audio element. */
  audioRef: RefObject<HTMLAudioElement | null>;
}

interface CardAudioInput {
  contentId: string;
  title: string;
  exampleSentence: string;
  country: string;
}

/**
 * The best recording from the entry's country (else from anywhere: a person beats a computer
 * voice), else the title and example read by a Spanish speech voice, else nothing. The
 * recordings are fetched for the card shown (the review screen prefetches the next card's).
 */
export function useCardAudio({ contentId, title, exampleSentence, country }: CardAudioInput): CardAudio {
  const { t } = useTranslation();
  const toast = useToast();
  const recordings = useQuery(recordingsQueryOptions(contentId));
  const recording = bestRecording(recordings.data, country);
  const voice = pickSpanishVoice(useVoices(), country);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const kind = recording ? 'recording' : voice ? 'voice' : recordings.isPending ? 'loading' : 'none';
  const play = () => {
    const element = audioRef.current;
    if (recording && element) {
      if (!element.paused) return element.pause();
      element.currentTime = 0;
      element.play().catch((error: unknown) => {
        if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('recordings.playFailed'));
      });
    } else if (voice) {
      speak(voice, [title, exampleSentence]);
    }
  };
  return { kind, recording, contentId, country, play, playing, setPlaying, audioRef };
}

/** The card's speaker: it never silently goes away (with nothing to play it says so, see NoRecordingNotice). */
export function SpeakButton({ audio }: { audio: CardAudio }) {
  const { t } = useTranslation();
  const from = useCountryName(audio.recording?.country ?? audio.country);
  const { kind, recording, play, playing, setPlaying, audioRef } = audio;
  if (kind === 'recording' && recording) {
    const label = recording.country === audio.country ? t('recordings.speak') : t('recordings.speakFrom', { country: from });
    return (
      <>
        <button
          type="button"
          className="review-card__tool"
          aria-label={label}
          title={`${label} (R)`}
          aria-keyshortcuts="R"
          aria-pressed={playing}
          onClick={play}
        >
          <SpeakerIcon />
        </button>
        <audio
          ref={audioRef}
          className="review-card__audio"
          preload="auto"
          src={recordingUrl(recording.path)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => setPlaying(false)}
        />
      </>
    );
  }
  if (kind === 'voice') {
    return (
      <button type="button" className="review-card__tool" aria-label={t('flashcards.listen')} title={`${t('recordings.speakSynth')} (R)`} aria-keyshortcuts="R" onClick={play}>
        <SpeakerIcon />
      </button>
    );
  }
  const label = kind === 'loading' ? t('recordings.speakLoading') : t('recordings.noRecording');
  return (
    <button type="button" className="review-card__tool" aria-label={label} title={label} aria-describedby={kind === 'none' ? 'review-no-audio' : undefined} disabled>
      <SpeakerIcon off={kind === 'none'} />
    </button>
  );
}

/** Nothing to play: says so, with a link to record one on the entry page. */
export function NoRecordingNotice({ contentId }: { contentId: string }) {
  const { t } = useTranslation();
  return (
    <p id="review-no-audio" className="review-card__no-audio">
      {t('recordings.noRecording')} <Link to={`/content/${encodeURIComponent(contentId)}#recordings`}>{t('recordings.recordOne')}</Link>
    </p>
  );
}
