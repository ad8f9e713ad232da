import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { recordingKeys } from '../api/recording-keys';
import { sendTake, takePath, type TakeToSend } from '../api/send-take';
import { voiceKeys } from '../api/voice-keys';
import { deviceTakeStore, type StoredTake, type TakeStore } from './take-store';

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
  /** Written down on the device: a reload or a crash does not lose it. */
  onDevice: boolean;
}

interface Pending {
  take: StoredTake;
  onDevice: boolean;
}

/** Runs `work` holding the lock `name`, once no other tab of this browser holds it. */
export type LockRunner = (name: string, work: () => Promise<void>) => Promise<void>;

/** The browser's Web Locks (shared by its tabs); without them (jsdom) the work just runs. */
const webLock: LockRunner = async (name, work) => {
  if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(name, work);
  else await work();
};

export interface TakeUploadsOptions {
  userId: string;
  /** Uploads and registers one take, safe to repeat; the real one unless a test gives another. */
  send?: (take: TakeToSend) => Promise<void>;
  /** Where takes wait until registered: the device's IndexedDB unless a test gives another. */
  store?: TakeStore;
  lock?: LockRunner;
}

const listed = (take: StoredTake, onDevice: boolean): TakeUpload => ({ key: take.key, contentId: take.contentId, title: take.title, status: 'sending', onDevice });

/**
 * The queue's takes, sent in the background while the speaker records the next entry. A kept
 * take is written to the device first (IndexedDB, with its object path), then sent; it leaves
 * the device only once the server has registered it. Takes left by an earlier visit of the
 * same learner (a reload, a closed tab, a crash) are listed and sent again when the queue
 * opens; every try uses the same path, so the recording exists once. Each take is sent under
 * a Web Lock of its own: of two tabs, one sends it and the other finds it gone. A failed take
 * stays listed until it is retried or discarded; only one the device could not keep makes leaving ask
 * first. Every save refreshes the counts, the entry's recordings and the voices summary.
 */
export function useTakeUploads({ userId, send = sendTake, store = deviceTakeStore(), lock = webLock }: TakeUploadsOptions) {
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
      const attempt = async () => {
        // Gone from the device while this tab waited for the lock: another tab registered it.
        if (item.onDevice && !(await store.get(key).catch(() => item.take))) return;
        await send(item.take);
        // Left behind if this fails: the next visit sends it again, and the server keeps it once.
        if (item.onDevice) await store.remove(key).catch(() => undefined);
      };
      lock(`jerga-take:${key}`, attempt)
        .then(
          () => {
            pending.current.delete(key);
            patch(key, { status: 'saved' });
            const { contentId, country } = item.take;
            void queryClient.invalidateQueries({ queryKey: voiceKeys.count(country) });
            void queryClient.invalidateQueries({ queryKey: voiceKeys.summary() });
            void queryClient.invalidateQueries({ queryKey: recordingKeys.forEntry(contentId) });
          },
          (error: unknown) => patch(key, { status: 'failed', error }),
        )
        .finally(() => inFlight.current.delete(key));
    },
    [queryClient, send, store, lock],
  );

  // The learner's takes from before (this visit's are already listed), oldest first, sent again.
  useEffect(() => {
    let current = true;
    store.takesOf(userId).then(
      (takes) => {
        if (!current) return;
        const left = takes.filter((take) => !pending.current.has(take.key));
        for (const take of left) pending.current.set(take.key, { take, onDevice: true });
        setUploads((list) => [...left.map((take) => listed(take, true)), ...list]);
        for (const take of left) run(take.key);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [store, userId, run]);

  /** Writes a kept take of the entry, said from `country`, to the device, then sends it. */
  const keep = useCallback(
    (entry: { contentId: string; title: string }, country: string, kept: KeptTake) => {
      const { contentId, title } = entry;
      const take: StoredTake = {
        key: crypto.randomUUID(),
        userId,
        contentId,
        title,
        country,
        file: kept.file,
        durationMs: kept.durationMs,
        path: takePath(userId, contentId, kept.extension),
        keptAt: Date.now(),
      };
      const item: Pending = { take, onDevice: false };
      pending.current.set(take.key, item);
      setUploads((list) => [...list, listed(take, false)]);
      // Sent once written; if the device cannot keep it (no room, private mode), sent from memory all the same.
      store
        .put(take)
        .then(() => {
          item.onDevice = true;
          patch(take.key, { onDevice: true });
        })
        .catch(() => undefined)
        .finally(() => run(take.key));
    },
    [run, store, userId],
  );

  /** Sends a failed take again (nothing happens to one that is sending or saved). */
  const retry = useCallback((key: string) => run(key), [run]);

  /**
   * Forgets a failed take, off the list and the device, under its lock (a tab sending it
   * finishes first). An uploaded file stays: a lost reply may have registered it (if not, the
   * 24-hour sweep of unregistered uploads removes it).
   */
  const discard = useCallback(
    (key: string) => {
      if (!pending.current.has(key) || inFlight.current.has(key)) return;
      inFlight.current.add(key);
      lock(`jerga-take:${key}`, () => store.remove(key))
        .then(
          () => {
            pending.current.delete(key);
            setUploads((list) => list.filter((upload) => upload.key !== key));
          },
          () => undefined, // still listed: Discard can be pressed again
        )
        .finally(() => inFlight.current.delete(key));
    },
    [lock, store],
  );

  const unsaved = uploads.filter((upload) => upload.status !== 'saved').length;
  const atRisk = uploads.filter((upload) => upload.status !== 'saved' && !upload.onDevice).length;
  // A take not saved and not on the device lives only in this page: closing it or reloading asks first.
  useEffect(() => {
    if (atRisk === 0) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [atRisk]);
  return { uploads, keep, retry, discard, unsaved };
}
