import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { apiErrorText } from '@/i18n/api-errors';
import { useAddRecording } from '../api/add-recording';
import { UploadError } from '../api/upload-recording';
import { RecordingCountry } from './recording-country';
import { Countdown, LevelMeter } from './take-meters';
import { useRecorder } from './use-recorder';
import '../recording-strings';
import '../voice-queue-strings';

interface RecorderProps {
  entry: { _id: string; title: string; country: string };
  onClose: () => void;
}

/** The upload's progress, then "Saving…" once every byte is sent. */
function UploadProgress({ progress, sent }: { progress: number | null; sent: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="recorder__progress" role="status">
      <progress className="recorder__progress-bar" max={1} value={sent ? undefined : (progress ?? undefined)} aria-label={t('recordings.uploadProgress')} />
      <span>{sent ? t('recordings.saving') : t('recordings.uploading')}</span>
    </div>
  );
}

function MicIcon() {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <rect x="9" y="3" width="6" height="11" rx="3" />
      <path d="M5.5 11a6.5 6.5 0 0 0 13 0M12 17.5V21" />
    </svg>
  );
}

/**
 * Record (at most 10 s, a countdown and a level meter), stop, listen, redo, say where it is
 * said, upload with progress. What went wrong with the microphone is said in words.
 */
export default function Recorder({ entry, onClose }: RecorderProps) {
  const { t } = useTranslation();
  const { user } = useAuth();
  const toast = useToast();
  const { state, problem, start, stop, reset } = useRecorder();
  const add = useAddRecording();
  // Where the learner's Spanish is from (no choice then), else where they live, else the
  // entry's country: they may choose another.
  const [country, setCountry] = useState(user?.speakerCountry ?? user?.homeCountry ?? entry.country);
  const [progress, setProgress] = useState<number | null>(null);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const titleId = useId();
  const startButton = useRef<HTMLButtonElement>(null);
  const stopButton = useRef<HTMLButtonElement>(null);
  const uploadButton = useRef<HTMLButtonElement>(null);

  // The focus follows the next thing to do: Start, then Stop, then Upload.
  useEffect(() => {
    if (state.phase === 'idle') startButton.current?.focus();
    else if (state.phase === 'recording') stopButton.current?.focus();
    else if (state.phase === 'recorded') uploadButton.current?.focus();
  }, [state.phase]);

  const busy = add.isPending;
  const upload = (event: FormEvent) => {
    event.preventDefault();
    if (state.phase !== 'recorded' || busy || !user) return;
    setFailure(null);
    setProgress(null);
    setSent(false);
    add.mutate(
      {
        userId: user._id,
        contentId: entry._id,
        file: state.file,
        extension: state.extension,
        country: user.speakerCountry ?? country,
        durationMs: state.durationMs,
        onProgress: (fraction) => {
          setProgress(fraction);
          if (fraction === 1) setSent(true);
        },
      },
      {
        onSuccess: () => {
          toast.success(t('recordings.added'));
          onClose();
        },
        onError: (error) => {
          setFailure(error instanceof UploadError ? t(`recordings.errors.${error.problem}`) : apiErrorText(t, error, 'recordings.errors.saveFailed'));
        },
      },
    );
  };

  return (
    <div
      className="recorder"
      role="group"
      aria-labelledby={titleId}
      // Escape closes it, as the × does (a take not uploaded is dropped, the microphone released).
      onKeyDown={(event) => {
        if (event.key === 'Escape' && !busy && !(event.target instanceof HTMLSelectElement)) {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="recorder__head">
        <h3 id={titleId} className="recorder__title">
          {t('recordings.recorderTitle', { title: entry.title })}
        </h3>
        <button type="button" className="icon-button" aria-label={t('recordings.close')} title={t('recordings.close')} disabled={busy} onClick={onClose}>
          ×
        </button>
      </div>
      <p className="recorder__intro muted">{t('recordings.recorderIntro')}</p>

      {problem && (
        <p className="recorder__problem" role="alert">
          {t(`recordings.errors.${problem}`)}
        </p>
      )}

      {(state.phase === 'idle' || state.phase === 'starting') && problem !== 'unsupported' && (
        <button ref={startButton} type="button" className="button button--primary recorder__start" disabled={state.phase === 'starting'} onClick={() => void start()}>
          {state.phase === 'starting' ? <Spinner size="sm" /> : <MicIcon />}
          {state.phase === 'starting' ? t('recordings.starting') : t('recordings.start')}
        </button>
      )}

      {state.phase === 'recording' && (
        <div className="recorder__live">
          <Countdown startedAt={state.startedAt} />
          <LevelMeter analyser={state.analyser} />
          <button ref={stopButton} type="button" className="button button--danger-solid recorder__stop" onClick={stop}>
            <span className="recorder__stop-icon" aria-hidden="true" />
            {t('recordings.stop')}
          </button>
        </div>
      )}

      {state.phase === 'processing' && (
        <p className="recorder__progress" role="status">
          <Spinner size="sm" />
          <span>{t('voiceQueue.processing')}</span>
        </p>
      )}

      {state.phase === 'recorded' && (
        <form className="recorder__take" noValidate onSubmit={upload}>
          <div className="recorder__listen">
            <span className="field__label" id={`${titleId}-take`}>
              {t('recordings.listenBack')} · {t('recordings.seconds', { seconds: (state.durationMs / 1000).toFixed(1) })}
            </span>
            {/* The browser's own player: keyboard and screen readers know it. */}
            <audio className="recorder__audio" controls src={state.url} aria-labelledby={`${titleId}-take`} />
          </div>
          <RecordingCountry speakerCountry={user?.speakerCountry} country={country} disabled={busy} onChange={setCountry} />
          {busy && <UploadProgress progress={progress} sent={sent} />}
          {failure && (
            <p className="recorder__problem" role="alert">
              {failure}
            </p>
          )}
          <div className="form__actions recorder__actions">
            <button
              type="button"
              className="button button--ghost"
              disabled={busy}
              onClick={() => {
                setFailure(null);
                reset();
                void start();
              }}
            >
              {t('recordings.redo')}
            </button>
            <button ref={uploadButton} type="submit" className="button button--primary" disabled={busy}>
              {busy && <Spinner size="sm" />}
              {t('recordings.upload')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
