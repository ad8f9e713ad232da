import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useToast } from '@/components/toasts';
import { useCountryName } from '@/features/countries';
import { bestRecording, recordingsQueryOptions, recordingUrl } from '@/features/recordings';
import type { FlashcardRecording } from '@/lib/api-types';
import { deviceAudioUrl } from '../api/card-audio';
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

/** A person's recording a card plays: where it is said from, and the address its audio element reads. */
export interface CardRecording {
  path: string;
  country: string;
  /** The device's copy (an object URL) when it keeps one, else the file's public URL. */
  src: string;
}

/** What the card can say: a person's recording, a speech voice, nothing yet (still looking, or none). */
export interface CardAudio {
  kind: 'recording' | 'voice' | 'loading' | 'none';
  recording?: CardRecording;
  contentId: string;
  country: string;
  /**
   * The speaker's action, also the review screen's R key: plays, or pauses what plays.
   * `restart` (a listening card's "Play again"): from the start, whether or not it plays.
   * `automatic` (auto-play, play on reveal): a browser refusing to play without a gesture is
   * no failure to report.
   */
  play: (options?: { automatic?: boolean; restart?: boolean }) => void;
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
  /** The card's native recording (the due list carries it), or null. */
  native?: FlashcardRecording | null;
}

/**
 * The device's copy of a recording as an object URL while the card is shown (revoked after):
 * `looked` once the device has answered, `url` null when it keeps none.
 */
function useDeviceAudio(native: FlashcardRecording | null | undefined): { looked: boolean; url: string | null } {
  const [device, setDevice] = useState<{ path: string; url: string | null } | null>(null);
  const path = native?.path;
  useEffect(() => {
    if (!path) return;
    let made: string | null = null;
    let gone = false;
    void deviceAudioUrl({ path })
      .catch(() => null)
      .then((url) => {
        made = url;
        if (gone && url) URL.revokeObjectURL(url);
        else if (!gone) setDevice({ path, url });
      });
    return () => {
      gone = true;
      if (made) URL.revokeObjectURL(made);
    };
  }, [path]);
  const current = device && device.path === path ? device : null;
  return { looked: Boolean(current), url: current?.url ?? null };
}

/**
 * The card's native recording (the best from the entry's country, which the due list
 * carries, played from the device's copy when it keeps one); without one, the best recording
 * from anywhere (a person beats a computer voice; fetched for the card shown, the review
 * screen prefetches the next card's), else the title and example read by a Spanish speech
 * voice (labelled as such), else nothing.
 */
export function useCardAudio({ contentId, title, exampleSentence, country, native }: CardAudioInput): CardAudio {
  const { t } = useTranslation();
  const toast = useToast();
  const recordings = useQuery({ ...recordingsQueryOptions(contentId), enabled: !native });
  const fallback = native ? undefined : bestRecording(recordings.data, country);
  const device = useDeviceAudio(native);
  // The native recording once the device has said whether it keeps a copy (offline, the
  // public address would fail where the copy plays).
  const recording: CardRecording | undefined = native
    ? device.looked
      ? { path: native.path, country: native.speakerCountry, src: device.url ?? recordingUrl(native.path) }
      : undefined
    : fallback && { path: fallback.path, country: fallback.country, src: recordingUrl(fallback.path) };
  const voice = pickSpanishVoice(useVoices(), country);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  // A native recording is worth the moment the device takes to answer; otherwise a voice
  // beats waiting for the list.
  const kind = recording ? 'recording' : native ? 'loading' : voice ? 'voice' : recordings.isPending ? 'loading' : 'none';
  const play = ({ automatic = false, restart = false } = {}) => {
    const element = audioRef.current;
    if (recording && element) {
      if (!element.paused && !restart) {
        if (!automatic) element.pause();
        return;
      }
      element.currentTime = 0;
      element.play().catch((error: unknown) => {
        const refused = error instanceof DOMException && (error.name === 'AbortError' || (automatic && error.name === 'NotAllowedError'));
        if (!refused) toast.error(t('recordings.playFailed'));
      });
    } else if (voice && !automatic) {
      speak(voice, [title, exampleSentence]);
    }
  };
  return { kind, recording, contentId, country, play, playing, setPlaying, audioRef };
}

/** The card's speaker: it never silently goes away (with nothing to play it says so, see NoRecordingNotice). */
export function SpeakButton({ audio }: { audio: CardAudio }) {
  const { t } = useTranslation();
  const from = useCountryName(audio.recording?.country ?? audio.country);
  const { kind, recording, play, playing } = audio;
  if (kind === 'recording' && recording) {
    const label = recording.country === audio.country ? t('recordings.speak') : t('recordings.speakFrom', { country: from });
    return (
      <button type="button" className="review-card__tool" aria-label={label} title={`${label} (R)`} aria-keyshortcuts="R" aria-pressed={playing} onClick={() => play()}>
        <SpeakerIcon />
      </button>
    );
  }
  if (kind === 'voice') {
    return (
      <button type="button" className="review-card__tool" aria-label={t('flashcards.listen')} title={`${t('recordings.speakSynth')} (R)`} aria-keyshortcuts="R" onClick={() => play()}>
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

/**
 * The recording's audio element, on the card whichever face shows (a listening card's front
 * plays it before the speaker is shown); nothing without a recording.
 */
export function RecordingAudio({ audio }: { audio: CardAudio }) {
  const { recording, setPlaying, audioRef } = audio;
  if (audio.kind !== 'recording' || !recording) return null;
  return (
    <audio
      ref={audioRef}
      className="review-card__audio"
      preload="auto"
      src={recording.src}
      onPlay={() => setPlaying(true)}
      onPause={() => setPlaying(false)}
      onEnded={() => setPlaying(false)}
    />
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
