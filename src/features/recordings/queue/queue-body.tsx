import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/popups';
import { useCountryName } from '@/features/countries';
import type { VoiceNeed } from '@/lib/api-types';
import { useVoiceCount, useVoiceQueue } from '../api/get-voice-needs';
import { useRecorder } from '../components/use-recorder';
import { QueueEntry } from './queue-entry';
import { TakeControls } from './take-controls';
import { useQueueKeys } from './use-queue-keys';
import type { KeptTake } from './use-take-uploads';

/** The next page of the queue is asked for when this few entries are left to say. */
const PREFETCH_AHEAD = 5;

interface QueueBodyProps {
  country: string;
  /** Sends a kept take in the background. */
  onKeep: (entry: VoiceNeed, take: KeptTake) => void;
}

/** The queue's entries not yet kept or skipped in this visit, each once, in the server's order. */
function waitingOf(pages: readonly { data: VoiceNeed[] }[] | undefined, done: ReadonlySet<string>): VoiceNeed[] {
  const seen = new Set<string>();
  return (pages ?? []).flatMap((page) => page.data).filter((entry) => !done.has(entry.contentId) && !seen.has(entry.contentId) && Boolean(seen.add(entry.contentId)));
}

/**
 * One country's queue: the entry to say now, its take, and the keys and buttons that move on.
 * A kept take is handed to `onKeep` and the next entry is up at once; the next page of entries
 * is read before this one runs out.
 */
export function QueueBody({ country, onKeep }: QueueBodyProps) {
  const { t } = useTranslation();
  const countryName = useCountryName(country);
  const queue = useVoiceQueue(country);
  const count = useVoiceCount(country);
  const { state, problem, start, stop, reset } = useRecorder();
  const [done, setDone] = useState<ReadonlySet<string>>(() => new Set());
  const [announcement, setAnnouncement] = useState('');
  const waiting = useMemo(() => waitingOf(queue.data?.pages, done), [queue.data, done]);
  const entry = waiting.at(0);
  const area = useRef<HTMLDivElement>(null);
  const entryRef = useRef<HTMLElement>(null);
  // Enter pressed while the take was still being recorded or prepared: kept once it is ready.
  const keepWhenReady = useRef<string | null>(null);
  const focusEntry = useRef(false);

  const { hasNextPage, isFetchingNextPage, fetchNextPage } = queue;
  useEffect(() => {
    if (waiting.length <= PREFETCH_AHEAD && hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [waiting.length, hasNextPage, isFetchingNextPage, fetchNextPage]);

  // The focus goes to each new entry after a keep or a skip, and to the first one when it is on nothing.
  useEffect(() => {
    if (!entry) return;
    if (focusEntry.current || document.activeElement === document.body) entryRef.current?.focus();
    focusEntry.current = false;
  }, [entry?.contentId]); // eslint-disable-line react-hooks/exhaustive-deps -- only when the entry changes

  const moveOn = (kind: 'Kept' | 'Skipped') => {
    if (!entry) return;
    const following = waiting.at(1);
    keepWhenReady.current = null;
    focusEntry.current = true;
    setDone((previous) => new Set(previous).add(entry.contentId));
    setAnnouncement(following ? t(`voiceQueue.announce${kind}`, { title: entry.title, next: following.title }) : t(`voiceQueue.announce${kind}Last`, { title: entry.title }));
  };

  const actions = {
    record: () => {
      if (!entry) return;
      if (state.phase === 'recording') return stop();
      if (state.phase !== 'idle' && state.phase !== 'recorded') return;
      keepWhenReady.current = null;
      setAnnouncement(t('voiceQueue.announceRecording', { title: entry.title }));
      void start();
    },
    keep: () => {
      if (!entry) return;
      if (state.phase === 'recording' || state.phase === 'processing') {
        keepWhenReady.current = entry.contentId;
        if (state.phase === 'recording') stop();
        return;
      }
      if (state.phase !== 'recorded') return;
      onKeep(entry, { file: state.file, extension: state.extension, durationMs: state.durationMs });
      reset();
      moveOn('Kept');
    },
    skip: () => {
      if (!entry) return;
      reset();
      moveOn('Skipped');
    },
    discard: () => {
      if (state.phase === 'idle' || state.phase === 'starting') return;
      keepWhenReady.current = null;
      reset();
      setAnnouncement(t('voiceQueue.announceDiscarded'));
    },
  };
  useQueueKeys(area, actions);

  const onTakeReady = useEffectEvent(() => {
    if (!entry) return;
    if (keepWhenReady.current === entry.contentId) actions.keep();
    else setAnnouncement(t('voiceQueue.announceTake', { title: entry.title }));
  });
  useEffect(() => {
    if (state.phase === 'recorded') onTakeReady();
    if (state.phase === 'idle') keepWhenReady.current = null;
  }, [state.phase]);

  const remaining = count.data ?? (queue.data ? { total: queue.data.pages[0].total, remaining: queue.data.pages[0].remaining } : undefined);
  return (
    <div ref={area} className="queue">
      {remaining && (
        <p className="queue__remaining">
          {t('voiceQueue.remaining', { country: countryName, count: remaining.remaining, total: remaining.total })}
        </p>
      )}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
      {queue.isPending ? (
        <p className="queue__state" role="status">
          <Spinner size="sm" /> {t('voiceQueue.loading')}
        </p>
      ) : queue.isError ? (
        <div className="queue__state" role="alert">
          <p>{t('voiceQueue.loadFailed')}</p>
          <button type="button" className="button button--small" onClick={() => void queue.refetch()}>
            {t('voiceQueue.retry')}
          </button>
        </div>
      ) : entry ? (
        <>
          <QueueEntry key={entry.contentId} ref={entryRef} entry={entry} />
          {problem && (
            <p className="recorder__problem" role="alert">
              {t(`recordings.errors.${problem}`)}
            </p>
          )}
          <TakeControls state={state} title={entry.title} actions={actions} />
        </>
      ) : isFetchingNextPage || hasNextPage ? (
        <p className="queue__state" role="status">
          <Spinner size="sm" /> {t('voiceQueue.loading')}
        </p>
      ) : (
        <div className="queue__state">
          <p>{remaining?.remaining === 0 ? t('voiceQueue.allVoiced', { country: countryName }) : t('voiceQueue.endOfQueue')}</p>
          <Link to="/voices">{t('voiceQueue.seeVoices')}</Link>
        </div>
      )}
    </div>
  );
}
