import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { Dialog } from '@/components/dialog';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { CountryFlag, useCountryName } from '@/features/countries';
import { ReportButton } from '@/features/reports';
import { VoteButtons } from '@/features/votes';
import { useRelativeTime } from '@/lib/use-relative-time';
import { useDeleteRecording } from '../api/delete-recording';
import { groupBySpeakerCountry, useRecordings } from '../api/get-recordings';
import { recordingUrl } from '../api/recording-url';
import { recordingOwner, type Recording } from '../api/types';
import { useVoteRecording } from '../api/vote-recording';
import '../entry-voice-strings';
import '../recording-strings';
import { VoiceRequest } from './voice-request';
import './recordings.css';

// MediaRecorder, the level meter and the upload: their own chunk, asked for by "Record".
const Recorder = lazy(() => import('./recorder'));

export interface RecordingsEntry {
  _id: string;
  title: string;
  country: string;
  /** Set while moderators hide it (its owner and admins still see the page): nobody is asked to voice it. */
  moderation?: string;
}

function PlayIcon({ playing }: { playing: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false" fill="currentColor">
      {playing ? <path d="M7 5h3.5v14H7zM13.5 5H17v14h-3.5z" /> : <path d="M8 5.5v13l10.5-6.5z" />}
    </svg>
  );
}

/** Play / pause over the browser's audio element; starting one recording pauses any other on the page. */
function PlayButton({ recording }: { recording: Recording }) {
  const { t } = useTranslation();
  const toast = useToast();
  const audio = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const toggle = () => {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    for (const other of document.querySelectorAll<HTMLAudioElement>('audio.recording__audio')) if (other !== element) other.pause();
    element.play().catch((error: unknown) => {
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(t('recordings.playFailed'));
    });
  };
  const name = recording.authorName;
  return (
    <>
      <button
        type="button"
        className={`recording__play${playing ? ' recording__play--playing' : ''}`}
        aria-label={playing ? t('recordings.pause', { name }) : t('recordings.play', { name })}
        title={playing ? t('recordings.pause', { name }) : t('recordings.play', { name })}
        onClick={toggle}
      >
        <PlayIcon playing={playing} />
      </button>
      <audio
        ref={audio}
        className="recording__audio"
        preload="none"
        src={recordingUrl(recording.path)}
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => setPlaying(false)}
      />
    </>
  );
}

function DeleteRecordingDialog({ recording, contentId, onClose, onDeleted }: { recording: Recording; contentId: string; onClose: () => void; onDeleted: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const remove = useDeleteRecording();
  const busy = remove.isPending;
  return (
    <Dialog title={t('recordings.confirmTitle')} onClose={() => !busy && onClose()}>
      <p className="dialog__text">{t('recordings.confirmBody')}</p>
      <div className="dialog__actions">
        <button type="button" className="button button--ghost" onClick={onClose} disabled={busy}>
          {t('recordings.cancel')}
        </button>
        <button
          type="button"
          className="button button--danger-solid"
          disabled={busy}
          onClick={() =>
            remove.mutate(
              { contentId, recordingId: recording._id },
              {
                onSuccess: () => {
                  toast.success(t('recordings.deleted'));
                  onDeleted();
                },
                onError: () => {
                  toast.error(t('recordings.deleteFailed'));
                  onClose();
                },
              },
            )
          }
        >
          {busy && <Spinner size="sm" />}
          {t('recordings.confirmDelete')}
        </button>
      </div>
    </Dialog>
  );
}

interface RecordingItemProps {
  recording: Recording;
  contentId: string;
  ago: (iso: string) => string;
  /** Asks to delete it (the section confirms: the item is gone before the reply's toast). */
  onDelete: () => void;
}

function RecordingItem({ recording, contentId, ago, onDelete }: RecordingItemProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const { user } = useAuth();
  const vote = useVoteRecording();
  const name = recording.authorName;
  const ownerId = recordingOwner(recording);
  const mine = user?._id === ownerId;
  return (
    <li className="recording">
      <PlayButton recording={recording} />
      <div className="recording__about">
        <span className="recording__author">
          {t('recordings.by', { name })}
          {recording.moderation && (
            <span className="badge badge--muted recording__held">{t(recording.moderation === 'held' ? 'reports.commentHeld' : 'reports.commentRemoved')}</span>
          )}
        </span>
        <span className="recording__meta">
          {recording.durationMs ? `${t('recordings.seconds', { seconds: (recording.durationMs / 1000).toFixed(1) })} · ` : ''}
          <time dateTime={recording.createdAt} title={new Date(recording.createdAt).toLocaleString()}>
            {ago(recording.createdAt)}
          </time>
        </span>
      </div>
      <div className="recording__actions">
        <VoteButtons
          compact
          title={t('recordings.votesFor', { name })}
          summary={{ voteCount: recording.voteScore, userVote: recording.userVote === 'up' ? 'upvote' : recording.userVote === 'down' ? 'downvote' : null }}
          busy={vote.isPending}
          onVote={(voteType) => {
            // Taking a vote back is the same vote again (the server's rule, as for entries).
            const sent = voteType === 'upvote' ? 'up' : voteType === 'downvote' ? 'down' : recording.userVote;
            if (!sent) return;
            vote.mutate(
              { contentId, recordingId: recording._id, voteType: sent },
              { onSuccess: (reply) => toast.success(reply.userVote ? t('votes.recorded') : t('votes.removed')), onError: () => toast.error(t('votes.failed')) },
            );
          }}
        />
        <ReportButton compact target={{ recordingId: recording._id }} label={t('recordings.report', { name })} ownerId={ownerId} />
        {recording.canDelete && (
          <button
            type="button"
            className="icon-button recording__delete"
            aria-label={mine ? t('recordings.delete') : t('recordings.deleteOther', { name })}
            title={mine ? t('recordings.delete') : t('recordings.deleteOther', { name })}
            onClick={onDelete}
          >
            ×
          </button>
        )}
      </div>
    </li>
  );
}

/** A speaker country's recordings: "How it sounds in Mexico" for the entry's own, "Also heard from Colombia" for others. */
function CountryGroup({ country, own, recordings, children }: { country: string; own: boolean; recordings: Recording[]; children: React.ReactNode }) {
  const { t } = useTranslation();
  const name = useCountryName(country);
  return (
    <li className="recordings__group">
      <div className="recordings__country">
        <CountryFlag code={country} size="sm" />
        <h3 className="recordings__country-title">{own ? t('entryVoice.ownGroup', { country: name }) : t('entryVoice.otherGroup', { country: name })}</h3>
        <span className="recordings__country-count">{t('entryVoice.groupCount', { count: recordings.length })}</span>
      </div>
      <ul className="recordings__list">{children}</ul>
    </li>
  );
}

/** "Record entries from Mexico": the queue of the entry's country, for a learner who speaks from there. */
function RecordFromLink({ country }: { country: string }) {
  const { t } = useTranslation();
  const name = useCountryName(country);
  return (
    <p className="recordings__record-from">
      <Link to={`/record?country=${country}`}>{t('entryVoice.recordFrom', { country: name })}</Link>
    </p>
  );
}

/**
 * "Listen": the entry's recordings by country, the best first, each with play, votes, report
 * and (its owner, admins) delete; "Record" opens the recorder for signed-in learners. The
 * list follows the `recordings` broadcast (the entry channel refetches it).
 */
export default function RecordingsSection({ entry }: { entry: RecordingsEntry }) {
  const { t } = useTranslation();
  const { isLoggedIn, user } = useAuth();
  const { pathname, hash } = useLocation();
  const recordings = useRecordings(entry._id);
  const ago = useRelativeTime();
  const [recording, setRecording] = useState(false);
  const [confirming, setConfirming] = useState<Recording | null>(null);
  const section = useRef<HTMLElement>(null);
  const title = useRef<HTMLHeadingElement>(null);
  const recordButton = useRef<HTMLButtonElement>(null);

  // Arrived from a flashcard's "Record one": this section, not the top of the page.
  useEffect(() => {
    if (hash === '#recordings') {
      section.current?.scrollIntoView({ block: 'start' });
      title.current?.focus({ preventScroll: true });
    }
  }, [hash]);

  // The recorder held the focus; once it has closed, it goes back to the button that opened
  // it (after the render that brings the button back, however late that comes).
  const recorderWasOpen = useRef(false);
  useEffect(() => {
    if (recording) recorderWasOpen.current = true;
    else if (recorderWasOpen.current) {
      recorderWasOpen.current = false;
      recordButton.current?.focus();
    }
  }, [recording]);
  const closeRecorder = () => setRecording(false);

  const list = recordings.data ?? [];
  return (
    <section ref={section} id="recordings" className="card recordings" aria-labelledby="recordings-title">
      <div className="recordings__head">
        <div>
          <h2 ref={title} id="recordings-title" className="section-title recordings__title" tabIndex={-1}>
            {t('recordings.title')}
          </h2>
          <p className="recordings__intro muted">{t('recordings.intro')}</p>
        </div>
        {isLoggedIn && user ? (
          !recording && (
            <button ref={recordButton} type="button" className="button button--primary recordings__record" onClick={() => setRecording(true)}>
              <span className="recordings__record-dot" aria-hidden="true" />
              {t('recordings.record')}
            </button>
          )
        ) : (
          <p className="recordings__login">
            <Link to="/login" state={{ from: pathname }}>
              {t('recordings.loginToRecord')}
            </Link>
          </p>
        )}
      </div>
      {!entry.moderation && <VoiceRequest entry={entry} />}
      {user?.speakerCountry === entry.country && <RecordFromLink country={entry.country} />}
      {recording && user && (
        <Suspense
          fallback={
            <p className="recordings__status" role="status">
              <Spinner size="sm" /> {t('recordings.recorderLoading')}
            </p>
          }
        >
          <Recorder entry={entry} onClose={closeRecorder} />
        </Suspense>
      )}
      {recordings.isPending ? (
        <p className="recordings__status" role="status">
          <Spinner size="sm" /> {t('recordings.loading')}
        </p>
      ) : recordings.isError ? (
        <div className="recordings__status" role="alert">
          <span>{t('recordings.loadFailed')}</span>
          <button type="button" className="button button--ghost button--small" onClick={() => void recordings.refetch()}>
            {t('recordings.retry')}
          </button>
        </div>
      ) : list.length === 0 ? (
        <p className="recordings__empty">{t('recordings.empty')}</p>
      ) : (
        <ul className="recordings__groups">
          {groupBySpeakerCountry(list, entry.country).map((group) => (
            <CountryGroup key={group.country} country={group.country} own={group.country === entry.country} recordings={group.recordings}>
              {group.recordings.map((item) => (
                <RecordingItem key={item._id} recording={item} contentId={entry._id} ago={ago} onDelete={() => setConfirming(item)} />
              ))}
            </CountryGroup>
          ))}
        </ul>
      )}
      {confirming && (
        <DeleteRecordingDialog
          recording={confirming}
          contentId={entry._id}
          onClose={() => setConfirming(null)}
          onDeleted={() => {
            setConfirming(null);
            // The button that opened the dialog is gone with its recording.
            requestAnimationFrame(() => title.current?.focus());
          }}
        />
      )}
    </section>
  );
}
