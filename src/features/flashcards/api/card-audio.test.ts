import { afterEach, describe, expect, it, vi } from 'vitest';
import { recordingUrl } from '@/features/recordings';
import { CARD_AUDIO_CACHE } from '@/features/review-queue';
import { deviceAudioUrl, keepCardAudio, KEPT_RECORDINGS, recordingsToKeep } from './card-audio';
import type { DueFlashcard } from './types';

type Card = Pick<DueFlashcard, 'kind' | 'recording'>;
const take = (name: string) => ({ _id: `id-${name}`, path: `u/e/${name}.webm`, durationMs: 900, speakerCountry: 'MX' });
const card = (kind: DueFlashcard['kind'], name: string | null): Card => ({ kind, recording: name ? take(name) : null });

/** Cache Storage as a browser keeps it (jsdom has none): named caches of whole responses by URL. */
function cacheStorage() {
  const stores = new Map<string, Map<string, Response>>();
  const open = async (name: string) => {
    if (!stores.has(name)) stores.set(name, new Map());
    const store = stores.get(name)!;
    return {
      keys: async () => [...store.keys()].map((url) => ({ url }) as Request),
      delete: async (key: string | Request) => store.delete(typeof key === 'string' ? key : key.url),
      put: async (url: string, reply: Response) => void store.set(url, reply),
    } as unknown as Cache;
  };
  const storage = {
    open,
    match: async (url: string, options?: { cacheName?: string }) => stores.get(options?.cacheName ?? '')?.get(url)?.clone(),
  } as unknown as CacheStorage;
  return { storage, stored: () => [...(stores.get(CARD_AUDIO_CACHE)?.keys() ?? [])] };
}

afterEach(() => vi.unstubAllGlobals());

describe('recordingsToKeep', () => {
  it('keeps every listening card’s recording, then the others’ up to the limit, each file once', () => {
    const others = Array.from({ length: KEPT_RECORDINGS + 5 }, (_, index) => card('basic', `b${index}`));
    const kept = recordingsToKeep([...others, card('listening', 'l1'), card('reverse', null), card('cloze', 'b0'), card('listening', 'l2')]);
    expect(kept.slice(0, 2)).toEqual(['u/e/l1.webm', 'u/e/l2.webm']);
    expect(kept).toHaveLength(KEPT_RECORDINGS);
    expect(new Set(kept).size).toBe(kept.length);
  });
});

describe('keepCardAudio', () => {
  it('fetches what it lacks whole, keeps what it has, forgets what no card plays any more', async () => {
    const { storage, stored } = cacheStorage();
    const fetchMock = vi.fn(async (url: string) => new Response(`audio of ${url}`, { status: 200, headers: { 'Content-Type': 'audio/webm' } }));
    vi.stubGlobal('fetch', fetchMock);
    await keepCardAudio([card('listening', 'a'), card('basic', 'b')], storage);
    expect(stored().sort()).toEqual([recordingUrl('u/e/a.webm'), recordingUrl('u/e/b.webm')].sort());
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await keepCardAudio([card('listening', 'a'), card('basic', 'c')], storage);
    expect(stored().sort()).toEqual([recordingUrl('u/e/a.webm'), recordingUrl('u/e/c.webm')].sort());
    // Only the new file was asked for.
    expect(fetchMock.mock.calls.map(([url]) => url).slice(2)).toEqual([recordingUrl('u/e/c.webm')]);
  });

  it('offline, keeps what it has and stores no failed reply', async () => {
    const { storage, stored } = cacheStorage();
    vi.stubGlobal('fetch', async () => new Response('x', { status: 200 }));
    await keepCardAudio([card('listening', 'a')], storage);
    vi.stubGlobal('fetch', async (url: string) => (url.endsWith('b.webm') ? new Response('gone', { status: 404 }) : Promise.reject(new TypeError('Failed to fetch'))));
    await keepCardAudio([card('listening', 'a'), card('listening', 'b')], storage);
    expect(stored()).toEqual([recordingUrl('u/e/a.webm')]);
  });

  it('does nothing where the browser has no Cache Storage', async () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await expect(keepCardAudio([card('listening', 'a')], undefined)).resolves.toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});

describe('deviceAudioUrl', () => {
  it('gives an object URL of the kept copy, or null without one', async () => {
    const { storage } = cacheStorage();
    vi.stubGlobal('fetch', async () => new Response('tone', { status: 200, headers: { 'Content-Type': 'audio/wav' } }));
    await keepCardAudio([card('listening', 'a')], storage);
    const made: Blob[] = [];
    // jsdom has no object URLs: one that remembers its blob.
    const createObjectURL = URL.createObjectURL;
    URL.createObjectURL = (blob: Blob) => (made.push(blob), 'blob:http://localhost/kept');
    try {
      expect(await deviceAudioUrl({ path: 'u/e/a.webm' }, storage)).toBe('blob:http://localhost/kept');
      expect(await made[0].text()).toBe('tone');
      expect(await deviceAudioUrl({ path: 'u/e/none.webm' }, storage)).toBeNull();
    } finally {
      URL.createObjectURL = createObjectURL;
    }
  });
});
