import type { Entry } from '../contract/entries.ts';
import { CardCache, type CardCacheLimits } from './card-cache.ts';
import { CARD_RENDER_VERSION, renderCard, type CardLanguage } from './card-render.ts';

export { CARD_HEIGHT, CARD_WIDTH, type CardLanguage } from './card-render.ts';

/**
 * Link previews fetch a card once and keep it; the entry page names the same URL for each
 * edit, so a cached copy is trusted for an hour and may be shown (while fetched again) for a day.
 */
export const CARD_CACHE_CONTROL = 'public, max-age=3600, stale-while-revalidate=86400';

/** About 40 KB a card: a few hundred cards, well under the budget of bytes. */
const DEFAULT_LIMITS: CardCacheLimits = { entries: 500, bytes: 32 * 1024 * 1024 };

/** What a responder is made of; tests count renders and shrink the cache. */
export type CardResponderOptions = {
  render?: (entry: Entry, language: CardLanguage) => Promise<Uint8Array>;
  limits?: CardCacheLimits;
};

/** An entry's preview card as a response to `request` (GET or HEAD), for a reader of `language`. */
export type CardResponder = (request: Request, entry: Entry, language: CardLanguage) => Promise<Response>;

/**
 * A card's ETag: what the drawing depends on (the entry as of its last change, the language,
 * the drawing itself), hashed so it says nothing else.
 */
export async function cardEtag(entry: Pick<Entry, '_id' | 'updatedAt'>, language: CardLanguage): Promise<string> {
  const source = new TextEncoder().encode(`${CARD_RENDER_VERSION}\n${entry._id}\n${entry.updatedAt}\n${language}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', source));
  return `"card-${Array.from(digest.subarray(0, 16), (byte) => byte.toString(16).padStart(2, '0')).join('')}"`;
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
    const etag = await cardEtag(entry, language);
    const headers = new Headers({ etag, 'cache-control': CARD_CACHE_CONTROL, 'x-content-type-options': 'nosniff' });
    // Without ?lng= the language came from the cookie or Accept-Language: a shared cache must key on them.
    if (!new URL(request.url).searchParams.has('lng')) headers.set('vary', 'Accept-Language, Cookie');
    if (matches(request.headers.get('if-none-match'), etag)) return new Response(null, { status: 304, headers });
    const png = await cache.card(etag, () => render(entry, language));
    headers.set('content-type', 'image/png');
    headers.set('content-length', String(png.byteLength));
    // A copy: the cached bytes stay whole whatever the runtime does with a body it was given.
    return new Response(request.method === 'HEAD' ? null : png.slice(), { status: 200, headers });
  };
}

/** The preview card of `/content/:id/card.png`; the pages read the entry as a guest and answer 404 themselves. */
export const cardResponse: CardResponder = createCardResponder();
