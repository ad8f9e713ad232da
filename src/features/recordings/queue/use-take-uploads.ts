import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { uploadAndAddRecording, type NewRecording } from '../api/add-recording';
import { recordingKeys } from '../api/recording-keys';
import type { Recording } from '../api/types';
import { voiceKeys } from '../api/voice-keys';

/** A kept take: what the recorder left. */
export interface KeptTake {
  file: Blob;
  extension: string;
  durationMs: number;
}

/** A kept take on its way: sending, saved, or failed (with why) and waiting for a retry. */
export interface TakeUpload {
  key: string;
  contentId: string;
  title: string;
  status: 'sending' | 'saved' | 'failed';
  error?: unknown;
}

interface Pending {
  input: NewRecording;
}

export interface TakeUploadsOptions {
  userId: string;
  /** Uploads and registers one take; the real one unless a test gives another. */
  send?: (input: NewRecording) => Promise<Recording>;
}

/**
 * The queue's takes, sent in the background while the speaker records the next entry. Each
 * take is sent once; a failed one stays in the list, with its audio, until it is retried (the
 * only way it is sent again), so nothing is lost silently; while one is unsaved, closing or
 * reloading the page asks first. Every save refreshes the counts, the entry's recordings and
 * the voices summary.
 */
export function useTakeUploads({ userId, send = uploadAndAddRecording }: TakeUploadsOptions) {
  const queryClient = useQueryClient();
  const [uploads, setUploads] = useState<TakeUpload[]>([]);
  const pending = useRef(new Map<string, Pending>());
  const inFlight = useRef(new Set<string>());

  const patch = (key: string, change: Partial<TakeUpload>) =>
    setUploads((list) => list.map((upload) => (upload.key === key ? { ...upload, ...change } : upload)));

  const run = useCallback(
    (key: string) => {
      const item = pending.current.get(key);
      if (!item || inFlight.current.has(key)) return;
      inFlight.current.add(key);
      patch(key, { status: 'sending', error: undefined });
      send(item.input).then(
        () => {
          pending.current.delete(key);
          patch(key, { status: 'saved' });
          const { contentId, country } = item.input;
          void queryClient.invalidateQueries({ queryKey: voiceKeys.count(country) });
          void queryClient.invalidateQueries({ queryKey: voiceKeys.summary() });
          void queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(contentId) });
        },
        (error: unknown) => patch(key, { status: 'failed', error }),
      ).finally(() => inFlight.current.delete(key));
    },
    [queryClient, send],
  );

  /** Sends a kept take of the entry, said from `country`. */
  const keep = useCallback(
    (entry: { contentId: string; title: string }, country: string, take: KeptTake) => {
      const key = crypto.randomUUID();
      pending.current.set(key, { input: { userId, contentId: entry.contentId, country, ...take } });
      setUploads((list) => [...list, { key, contentId: entry.contentId, title: entry.title, status: 'sending' }]);
      run(key);
    },
    [run, userId],
  );

  /** Sends a failed take again (nothing happens to one that is sending or saved). */
  const retry = useCallback((key: string) => run(key), [run]);

  const unsaved = uploads.filter((upload) => upload.status !== 'saved').length;
  // A take not saved yet lives only in this page: closing it or reloading asks first.
  useEffect(() => {
    if (unsaved === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unsaved]);
  return { uploads, keep, retry, unsaved };
}
