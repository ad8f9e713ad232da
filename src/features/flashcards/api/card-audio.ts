import { recordingUrl } from '@/features/recordings';
import { CARD_AUDIO_CACHE } from '@/features/review-queue';
import type { FlashcardRecording } from '@/lib/api-types';
import type { DueFlashcard } from './types';

// The device's copy of the recordings its due cards play (issue 34), so a card is heard
// offline. Cache Storage rather than IndexedDB: a recording is a public file addressed by its
// URL, which a Response keeps whole (bytes and type) with no schema of ours; it sits beside
// the due lists the service worker keeps in the same storage, and the log-out that forgets
// those forgets it too (review-queue's device data names the cache, CARD_AUDIO_CACHE).

/**
 * How many recordings the device keeps: every listening card's (its front is the recording),
 * then the other cards' in the list's order up to this many. A recording is at most 2 MB and
 * usually a few KB; the due list holds at most a day's cards.
 */
export const KEPT_RECORDINGS = 60;

const browserCaches = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

/** The recordings worth keeping for these cards, listening cards' first, each once, at most KEPT_RECORDINGS. */
export function recordingsToKeep(cards: readonly Pick<DueFlashcard, 'kind' | 'recording'>[]): string[] {
  const ordered = [...cards.filter((card) => card.kind === 'listening'), ...cards.filter((card) => card.kind !== 'listening')];
  const paths = new Set<string>();
  for (const card of ordered) {
    if (card.recording && (card.kind === 'listening' || paths.size < KEPT_RECORDINGS)) paths.add(card.recording.path);
  }
  return [...paths];
}

/**
 * Keeps the recordings of a due list on the device and forgets those no list needs any more.
 * Best effort: a file that cannot be fetched now (offline, the list read from the service
 * worker's copy) stays as it was, and is fetched the next time the list is read online.
 */
export async function keepCardAudio(cards: readonly Pick<DueFlashcard, 'kind' | 'recording'>[], storage = browserCaches()): Promise<void> {
  if (!storage) return;
  const wanted = new Set(recordingsToKeep(cards).map(recordingUrl));
  const cache = await storage.open(CARD_AUDIO_CACHE);
  const kept = new Set((await cache.keys()).map((request) => request.url));
  await Promise.all(
    [...kept].filter((url) => !wanted.has(url)).map((url) => cache.delete(url)),
  );
  await Promise.all(
    [...wanted]
      .filter((url) => !kept.has(url))
      .map(async (url) => {
        // A whole file (200), never a range: what the audio element reads later is this copy.
        const reply = await fetch(url).catch(() => null);
        if (reply?.status === 200) await cache.put(url, reply);
      }),
  );
}

/** The device's copy of a recording as an object URL (the caller revokes it), or null when it has none. */
export async function deviceAudioUrl(recording: Pick<FlashcardRecording, 'path'>, storage = browserCaches()): Promise<string | null> {
  if (!storage) return null;
  const kept = await storage.match(recordingUrl(recording.path), { cacheName: CARD_AUDIO_CACHE });
  return kept ? URL.createObjectURL(await kept.blob()) : null;
}
