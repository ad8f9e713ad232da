import type { Entry } from '../contract/entries.ts';
import { cardAssets } from './card-assets.ts';
import { CardBusyError, CardCache, type CardCacheLimits } from './card-cache.ts';
import { CARD_RENDER_VERSION, cardMeaning, renderCard, type CardLanguage } from './card-render.ts';

export { CARD_HEIGHT, CARD_WIDTH, type CardLanguage } from './card-render.ts';

/**
 * Link previews fetch a card once and keep it; the entry page names the same URL for each
 * edit, so a cached copy is trusted for an hour and may be shown (while fetched again) for a day.
 */
export const CARD_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/**
 * About 40 KB a card: a few hundred cards, well under the budget of bytes. At 70 to 200 ms a
 * render, 32 waiting is a few seconds' work; past that a request for a new card is a 503.
 */
const DEFAULT_LIMITS: CardCacheLimits = { entries: 500, bytes: 32 * 1024 * 1024, waiting: 32 };

/** How long a refused client should wait before asking again, in seconds. */
const BUSY_RETRY_AFTER = 5;

/** What a responder is made of; tests count renders and shrink the cache. */
export type CardResponderOptions = {
  render?: (entry: Entry, language: CardLanguage) => Promise<Uint8Array>;
  limits?: CardCacheLimits;
};

/** An entry's preview card as a response to `request` (GET or HEAD), for a reader of `language`. */
export type CardResponder = (request: Request, entry: Entry, language: CardLanguage) => Promise<Response>;

/** FNV-1a over the UTF-16 code units from `basis`: a fingerprint, not a secret (a collision only keeps an old card). */
function fnv1a(text: string, basis: number): string {
  let hash = basis;
  for (let index = 0; index < text.length; index += 1) hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193) >>> 0;
  return hash.toString(36);
}

/** The fields a card draws. */
export type CardEntry = Pick<Entry, '_id' | 'updatedAt' | 'title' | 'description' | 'descriptionEs' | 'country'>;

/**
 * A card's ETag: the drawing's version, the entry and its last change, the language, and a
 * fingerprint of the words drawn, because `updated_at` does not move when only the Spanish
 * meaning is edited (its trigger predates that column). All public; computed at once (no
 * await), so a request for a card already drawn never waits behind the renders of others.
 */
export function cardEtag(entry: CardEntry, language: CardLanguage): string {
  // Only characters an ETag may hold, whatever the values were.
  const part = (value: string) => value.replace(/[^\w.:+-]/g, '');
  const drawn = `${entry.title}\u0000${entry.country}\u0000${cardMeaning(entry, language)}`;
  const fingerprint = `${fnv1a(drawn, 0x811c9dc5)}${fnv1a(drawn, 0x050c5d1f)}`;
  return `"card${CARD_RENDER_VERSION}-${part(entry._id)}-${part(entry.updatedAt)}-${part(language)}-${fingerprint}"`;
}

/** Whether an If-None-Match header names `etag` (or `*`); weak and strong forms compare alike, as RFC 9110 asks for GET. */
function matches(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  return ifNoneMatch.split(',').some((tag) => {
    const candidate = tag.trim().replace(/^W\//, '');
    return candidate === '*' || candidate === etag;
  });
}

/** A card responder with its own cache. */
export function createCardResponder(options: CardResponderOptions = {}): CardResponder {
  const render = options.render ?? renderCard;
  const cache = new CardCache(options.limits ?? DEFAULT_LIMITS);
  return async (request, entry, language) => {
    const etag = cardEtag(entry, language);
    const headers = new Headers({ etag, 'cache-control': CARD_CACHE_CONTROL, 'x-content-type-options': 'nosniff' });
    // Without ?lng= the language came from the cookie or Accept-Language: a shared cache must key on them.
    if (!new URL(request.url).searchParams.has('lng')) headers.set('vary', 'Accept-Language, Cookie');
    if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    let png: Uint8Array;
    try {
      png = await cache.card(etag, () => render(entry, language));
    } catch (error) {
      if (!(error instanceof CardBusyError)) throw error;
      return new Response(null, { status: 503, headers: { 'retry-after': String(BUSY_RETRY_AFTER), 'cache-control': 'no-store' } });
    }
    headers.set('content-type', 'image/png');
    headers.set('content-length', String(png.byteLength));
    // A copy: the cached bytes stay whole whatever the runtime does with a body it was given.
    return new Response(request.method === 'HEAD' ? null : png.slice(), { status: 200, headers });
  };
}

/** The preview card of `/content/:id/card.png`; the pages read the entry as a guest and answer 404 themselves. */
export const cardResponse: CardResponder = createCardResponder();

/**
 * Loads the fonts and resvg's WebAssembly now (about a second), so the first card asked for
 * does not pay for it; a server may call it once at start. Failing here changes nothing: the
 * first card tries again.
 */
export function warmCardAssets(): Promise<void> {
  return cardAssets().then(
    () => undefined,
    () => undefined,
  );
}
