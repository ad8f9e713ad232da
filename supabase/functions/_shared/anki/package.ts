import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';
import { env } from '../env.ts';
import { buildCollection, type AnkiExport, type AnkiExportEntry } from './collection.ts';
import { MEDIA_FILE } from './format.ts';

/**
 * The .apkg itself: a zip of the collection (`collection.anki2`, which every Anki since 2.1 and
 * AnkiDroid import), the recordings as files "0", "1", … and the `media` map naming them.
 * Streamed: each recording goes out as soon as it is read, the collection last (a zip's
 * directory is at its end, so the order inside does not matter to a reader).
 */

/** Recordings read from Storage at once. */
const MEDIA_CONCURRENCY = 12;
/** How long one recording may take to read before it is left out. */
const MEDIA_TIMEOUT_MS = 10_000;
/** A recording larger than this is left out (the bucket takes 15-second takes, far smaller). */
const MAX_MEDIA_BYTES = 10 * 1024 * 1024;

/** Reads a recording's bytes, or null when it cannot be had (the note then has no [sound:]). */
export type MediaReader = (path: string) => Promise<Uint8Array | null>;

/** A recording from the public recordings bucket over HTTP, as Storage serves it to anyone. */
export const readPublicRecording: MediaReader = async (path) => {
  const base = env('SUPABASE_URL');
  if (!base) return null;
  const url = `${base.replace(/\/+$/, '')}/storage/v1/object/public/recordings/${path.split('/').map(encodeURIComponent).join('/')}`;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(MEDIA_TIMEOUT_MS) });
    if (!response.ok) {
      await response.body?.cancel();
      return null;
    }
    const bytes = new Uint8Array(await response.arrayBuffer());
    return bytes.byteLength > 0 && bytes.byteLength <= MAX_MEDIA_BYTES ? bytes : null;
  } catch {
    // Unreachable or too slow: the package goes out without this recording.
    return null;
  }
};

/** The name Anki keeps a recording under: jerga-<recording id>.<the file's own extension>. */
export function soundFileName(recording: { _id: string; path: string }): string {
  const extension = /\.([a-z0-9]{1,5})$/i.exec(recording.path)?.[1]?.toLowerCase() ?? 'wav';
  return `jerga-${recording._id}.${extension}`;
}

/** A ReadableStream fed by a producer that waits while the reader is behind (backpressure). */
function producedStream(produce: (push: (chunk: Uint8Array) => Promise<void>) => Promise<void>): ReadableStream<Uint8Array> {
  let wake: (() => void) | undefined;
  let cancelled = false;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const push = async (chunk: Uint8Array) => {
          if (cancelled) throw new Error('download cancelled');
          controller.enqueue(chunk);
          while (!cancelled && (controller.desiredSize ?? 1) <= 0) await new Promise<void>((resolve) => (wake = resolve));
        };
        produce(push).then(
          () => !cancelled && controller.close(),
          (error: unknown) => !cancelled && controller.error(error),
        );
      },
      pull() {
        wake?.();
        wake = undefined;
      },
      cancel() {
        cancelled = true;
        wake?.();
      },
    },
    { highWaterMark: 4 },
  );
}

type VoicedEntry = AnkiExportEntry & { recording: { _id: string; path: string } };

/** Each entry's recording, read a few at a time, handed to `onRead` (awaited) as each batch comes; the entries whose recording could not be read. */
async function readRecordings(entries: readonly VoicedEntry[], read: MediaReader, onRead: (entry: VoicedEntry, bytes: Uint8Array) => Promise<void>): Promise<Set<string>> {
  const missing = new Set<string>();
  for (let start = 0; start < entries.length; start += MEDIA_CONCURRENCY) {
    const batch = entries.slice(start, start + MEDIA_CONCURRENCY);
    const read_ = await Promise.all(batch.map((entry) => read(entry.recording.path)));
    for (const [index, bytes] of read_.entries()) {
      if (bytes) await onRead(batch[index], bytes);
      else missing.add(batch[index].id);
    }
  }
  return missing;
}

/**
 * The whole package as a stream of zip bytes. The recordings are read while the collection is
 * built (each goes into the zip as it comes); the notes whose recording could not be read then
 * lose their [sound:].
 */
export function ankiPackageStream(data: AnkiExport, { now, readMedia }: { now: number; readMedia: MediaReader }): ReadableStream<Uint8Array> {
  return producedStream(async (push) => {
    const pending: Uint8Array[] = [];
    let failure: unknown;
    const zip = new Zip((error, chunk) => {
      if (error) failure = error;
      else pending.push(chunk);
    });
    // One flush after another (each waits for the reader), so chunks leave in the zip's order
    // and the recordings are read no faster than the download takes them.
    let flushing = Promise.resolve();
    const flush = () =>
      (flushing = flushing.then(async () => {
        if (failure) throw failure;
        for (const chunk of pending.splice(0)) await push(chunk);
      }));
    const voiced = data.entries.filter((entry): entry is VoicedEntry => entry.recording !== null);
    const soundFiles = new Map(voiced.map((entry) => [entry.id, soundFileName(entry.recording)]));
    const media: Record<string, string> = {};
    const reading = readRecordings(voiced, readMedia, (entry, bytes) => {
      const name = String(Object.keys(media).length);
      const file = new ZipPassThrough(name);
      zip.add(file);
      file.push(bytes, true);
      media[name] = soundFiles.get(entry.id)!;
      return flush();
    });
    // Awaited by the build; should the build fail first, a later failure here must not go unhandled.
    reading.catch(() => undefined);
    const collectionBytes = await buildCollection({ data, soundFiles, missingSounds: () => reading, now });
    await flush();
    const collection = new ZipDeflate('collection.anki2', { level: 1 });
    zip.add(collection);
    collection.push(collectionBytes, true);
    await flush();
    const mediaMap = new ZipDeflate(MEDIA_FILE, { level: 6 });
    zip.add(mediaMap);
    mediaMap.push(new TextEncoder().encode(JSON.stringify(media)), true);
    zip.end();
    await flush();
  });
}
