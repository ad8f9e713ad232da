import { reviewSync } from './reviews';

/** The service worker's cache of the learners' due lists (`runtimeCaching` in vite.config.ts). */
export const DUE_CARDS_CACHE = 'jerga-due-cards';

/**
 * The recordings the due cards play, kept by the flashcards feature (its api/card-audio.ts)
 * for offline reviews. Public files, yet which ones say what a learner studies: they go with
 * the due lists when nobody is signed in.
 */
export const CARD_AUDIO_CACHE = 'jerga-card-audio';

/** Whose a kept due list is: the user id in its path (`…/flashcard/getDueFlashcards/{userId}`), or null. */
export function dueListOwner(url: string): string | null {
  const found = /\/flashcard\/getDueFlashcards\/([^/?#]+)/.exec(new URL(url, 'http://localhost').pathname);
  if (!found) return null;
  try {
    return decodeURIComponent(found[1]);
  } catch {
    return null;
  }
}

/** This browser's Cache Storage, where it has one (not in jsdom, nor on plain http but localhost). */
const browserCaches = (): CacheStorage | undefined => (typeof caches === 'undefined' ? undefined : caches);

/** Forgets the due lists the service worker keeps for anyone but `signedIn` (all of them when null). */
export async function forgetDueListsExcept(signedIn: string | null, storage: CacheStorage | undefined = browserCaches()): Promise<void> {
  if (!storage) return;
  if (!signedIn) await storage.delete(CARD_AUDIO_CACHE);
  if (!(await storage.has(DUE_CARDS_CACHE))) return;
  if (!signedIn) {
    await storage.delete(DUE_CARDS_CACHE);
    return;
  }
  const cache = await storage.open(DUE_CARDS_CACHE);
  for (const request of await cache.keys()) {
    if (dueListOwner(request.url) !== signedIn) await cache.delete(request);
  }
}

/**
 * What this device keeps belongs to the learner signed in on it, and to no one else: every
 * other learner's kept due lists and confirmed ratings go (all of them when nobody is signed
 * in). Queued ratings stay for their own learner (they are sent only as them, when they sign
 * in here again), except those of `dropPendingOf`, who chose to log out without them. Run on
 * every start and every change of learner, so a logout cut short (the tab closed halfway)
 * is finished by the next start.
 */
export async function keepOnlyAccount(signedIn: string | null, options: { dropPendingOf?: string } = {}): Promise<void> {
  await Promise.all([reviewSync().keepOnly(signedIn, options.dropPendingOf), forgetDueListsExcept(signedIn)]);
}
