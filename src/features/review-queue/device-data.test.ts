import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { storeSessionFor } from '@/test/session';
import { CARD_AUDIO_CACHE, DUE_CARDS_CACHE, dueListOwner, forgetDueListsExcept, keepOnlyAccount } from './device-data';
import { resetReviewSync, reviewSync } from './reviews';

const ANA = '00000000-0000-4000-8000-00000000000a';
const BETO = '00000000-0000-4000-8000-00000000000b';
const listOf = (userId: string, query = '?limit=100&ahead=1') => `http://localhost/api/flashcard/getDueFlashcards/${userId}${query}`;

/** Cache Storage as the browser keeps it (jsdom has none): named caches of requests by URL. */
function cacheStorage(named: Record<string, string[]> = {}) {
  const stores = new Map(Object.entries(named).map(([name, urls]) => [name, new Set(urls)]));
  const cacheOf = (urls: Set<string>) =>
    ({
      keys: async () => [...urls].map((url) => ({ url }) as Request),
      delete: async (request: Request) => urls.delete(request.url),
    }) as unknown as Cache;
  const storage = {
    has: async (name: string) => stores.has(name),
    open: async (name: string) => {
      if (!stores.has(name)) stores.set(name, new Set());
      return cacheOf(stores.get(name)!);
    },
    delete: async (name: string) => stores.delete(name),
  } as unknown as CacheStorage;
  return { storage, stores };
}

afterEach(() => {
  resetReviewSync();
  vi.unstubAllGlobals();
});

describe('dueListOwner', () => {
  it('reads the learner from a kept due list’s URL, on this origin or another API base', () => {
    expect(dueListOwner(listOf(ANA))).toBe(ANA);
    expect(dueListOwner(`https://abc.supabase.co/functions/v1/api/flashcard/getDueFlashcards/${BETO}?limit=1`)).toBe(BETO);
    expect(dueListOwner('http://localhost/api/flashcard/getFlashcards/x')).toBeNull();
  });
});

describe('forgetDueListsExcept', () => {
  it('keeps the signed-in learner’s kept lists only', async () => {
    const { storage, stores } = cacheStorage({ [DUE_CARDS_CACHE]: [listOf(ANA), listOf(ANA, '?limit=1'), listOf(BETO)], 'workbox-precache-v2': ['http://localhost/index.html'] });
    await forgetDueListsExcept(ANA, storage);
    expect([...stores.get(DUE_CARDS_CACHE)!]).toEqual([listOf(ANA), listOf(ANA, '?limit=1')]);
    // The app shell is nobody's: it stays.
    expect([...stores.get('workbox-precache-v2')!]).toEqual(['http://localhost/index.html']);
  });

  it('signed out, drops every kept list; with none kept, creates nothing', async () => {
    const kept = cacheStorage({ [DUE_CARDS_CACHE]: [listOf(ANA)] });
    await forgetDueListsExcept(null, kept.storage);
    expect(kept.stores.has(DUE_CARDS_CACHE)).toBe(false);
    const none = cacheStorage();
    await forgetDueListsExcept(ANA, none.storage);
    expect(none.stores.size).toBe(0);
    // No Cache Storage at all (plain http): nothing to do.
    await expect(forgetDueListsExcept(null, undefined)).resolves.toBeUndefined();
  });

  it('signed out, drops the recordings kept for the due cards too (which ones say what was studied); signed in, they stay', async () => {
    const take = 'http://localhost/storage/v1/object/public/recordings/u/e/take.webm';
    const signedIn = cacheStorage({ [CARD_AUDIO_CACHE]: [take] });
    await forgetDueListsExcept(ANA, signedIn.storage);
    expect([...signedIn.stores.get(CARD_AUDIO_CACHE)!]).toEqual([take]);
    const signedOut = cacheStorage({ [CARD_AUDIO_CACHE]: [take] });
    await forgetDueListsExcept(null, signedOut.storage);
    expect(signedOut.stores.has(CARD_AUDIO_CACHE)).toBe(false);
  });
});

describe('keepOnlyAccount', () => {
  const review = (userId: string, n: number) => ({
    reviewId: `00000000-0000-4000-8000-0000000001${n}0`,
    userId,
    flashcardId: `card-${n}`,
    quality: 'Good' as const,
    reviewedAt: new Date().toISOString(),
    durationMs: 800,
  });
  const reply = { success: true, data: {}, streak: { updated: false, streak: 1, longest: 1, freezes: 0, freezesUsed: 0, freezeEarned: false }, duplicate: false };

  /** `review` queued by `userId` signed in on this device, and sent when the server answers. */
  async function rate(userId: string, n: number, serverAnswers: boolean) {
    storeSessionFor(userId);
    stubFetch(() => (serverAnswers ? json(reply) : Promise.reject(new TypeError('Failed to fetch'))));
    const sync = reviewSync();
    sync.setUser(userId);
    await sync.enqueue(review(userId, n));
    await sync.flush();
  }

  it('keeps the confirmed reviews of the learner signed in; the queue stays each learner’s unless dropped', async () => {
    await rate(ANA, 1, true);
    await rate(BETO, 2, true);
    await rate(BETO, 4, false);
    await rate(ANA, 3, false);
    const sync = reviewSync();

    await keepOnlyAccount(ANA);
    expect((await sync.recentOf(ANA)).map((row) => row.flashcardId)).toEqual(['card-1', 'card-3']);
    expect((await sync.recentOf(BETO)).map((row) => row.flashcardId)).toEqual(['card-4']);

    await keepOnlyAccount(null, { dropPendingOf: ANA });
    expect(await sync.recentOf(ANA)).toEqual([]);
    expect((await sync.recentOf(BETO)).map((row) => row.flashcardId)).toEqual(['card-4']);
  });
});
