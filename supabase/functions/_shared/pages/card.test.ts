import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { entryDetail, type EntryDetail } from '../contract/entries.ts';
import { cardEtag, CARD_CACHE_CONTROL, createCardResponder, type CardLanguage } from './card.ts';
import { CARD_ASSET_FILES, CARD_PACKAGE_VERSIONS, fetchPinnedAsset } from './card-assets.ts';
import { CardCache, type CardCacheLimits } from './card-cache.ts';
import { CARD_CONTENT_BOX, cardMeaning, cardSvg, drawableText, renderCard } from './card-render.ts';

// The preview card as the pages serve it, drawn for real (satori, resvg's WebAssembly, Inter,
// the flag) for an entry shaped exactly as GET /api/content/getContentById answers a guest.
const chamba: EntryDetail = entryDetail.parse({
  _id: '5d1f0c3e-8a2b-4c6d-9e0f-1a2b3c4d5e6f',
  title: 'chamba',
  description: 'Work, a job; chambear is to work. Also common in Peru and Central America.',
  descriptionEs: 'Trabajo, empleo; chambear es trabajar. También es común en Perú y Centroamérica.',
  country: 'MX',
  hint: 'What you need to pay the rent.',
  exampleSentence: 'Por fin conseguí chamba en una agencia de diseño.',
  author: 'Carlos from Guadalajara',
  owner: null,
  addedBy: null,
  ownerDeleted: false,
  show: true,
  voteCount: 115,
  upvotes: 118,
  downvotes: 3,
  userVote: null,
  inFlashcards: false,
  commentCount: 0,
  rudeIn: [],
  usage: {},
  myUsage: {},
  createdAt: '2026-03-01T10:00:00+00:00',
  updatedAt: '2026-03-02T11:30:00.123456+00:00',
  tags: [],
  variants: [],
});

const require = createRequire(import.meta.url);

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The image's size from its IHDR chunk, which a PNG starts with after the signature. */
function pngSize(png: Uint8Array): { width: number; height: number } {
  expect(Array.from(png.subarray(0, 8))).toEqual(PNG_SIGNATURE);
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect(new TextDecoder().decode(png.subarray(12, 16))).toBe('IHDR');
  return { width: view.getUint32(16), height: view.getUint32(20) };
}

const cardRequest = (headers: Record<string, string> = {}, query = '?lng=en', method = 'GET') =>
  new Request(`http://localhost/content/${chamba._id}/card.png${query}`, { method, headers });

/** A responder drawing real cards, counting its renders and how many ran at once. */
function countingResponder(limits?: CardCacheLimits) {
  const counts = { renders: 0, running: 0, mostAtOnce: 0 };
  const respond = createCardResponder({
    limits,
    render: async (entry, language) => {
      counts.renders += 1;
      counts.running += 1;
      counts.mostAtOnce = Math.max(counts.mostAtOnce, counts.running);
      try {
        return await renderCard(entry, language);
      } finally {
        counts.running -= 1;
      }
    },
  });
  return { respond, counts };
}

describe('cardResponse', () => {
  it('draws a 1200×630 PNG with its caching headers', async () => {
    const { respond } = countingResponder();
    const response = await respond(cardRequest(), chamba, 'en-US');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(response.headers.get('cache-control')).toBe(CARD_CACHE_CONTROL);
    expect(CARD_CACHE_CONTROL).toMatch(/^public, max-age=\d+, stale-while-revalidate=\d+$/);
    expect(response.headers.get('etag')).toBe(cardEtag(chamba, 'en-US'));
    expect(response.headers.get('vary')).toBeNull();
    const png = new Uint8Array(await response.arrayBuffer());
    expect(response.headers.get('content-length')).toBe(String(png.byteLength));
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
  });

  it('answers 304 without drawing when If-None-Match names the card, in any of its forms', async () => {
    const { respond, counts } = countingResponder();
    const etag = cardEtag(chamba, 'en-US');
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const response = await respond(cardRequest({ 'if-none-match': ifNoneMatch }), chamba, 'en-US');
      expect(response.status).toBe(304);
      expect(response.headers.get('etag')).toBe(etag);
      expect(response.headers.get('cache-control')).toBe(CARD_CACHE_CONTROL);
      expect(await response.text()).toBe('');
    }
    expect(counts.renders).toBe(0);
    const stale = await respond(cardRequest({ 'if-none-match': '"card-stale"' }), chamba, 'en-US');
    expect(stale.status).toBe(200);
    expect(counts.renders).toBe(1);
  });

  it('gives an edited entry a new ETag and draws it again', async () => {
    const { respond, counts } = countingResponder();
    const before = await respond(cardRequest(), chamba, 'en-US');
    const edited = { ...chamba, description: 'Work, a gig.', updatedAt: '2026-03-05T08:00:00+00:00' };
    const after = await respond(cardRequest({ 'if-none-match': before.headers.get('etag')! }), edited, 'en-US');
    expect(after.status).toBe(200);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
    expect(counts.renders).toBe(2);
    expect(cardEtag({ ...chamba, _id: '6d1f0c3e-8a2b-4c6d-9e0f-1a2b3c4d5e6f' }, 'en-US')).not.toBe(cardEtag(chamba, 'en-US'));
  });

  it('gives a new ETag to the Spanish card alone when only the Spanish meaning changed (updatedAt does not move then)', () => {
    const spanishEdit = { ...chamba, descriptionEs: 'Trabajo, curro.' };
    expect(cardEtag(spanishEdit, 'es')).not.toBe(cardEtag(chamba, 'es'));
    expect(cardEtag(spanishEdit, 'en-US')).toBe(cardEtag(chamba, 'en-US'));
    expect(cardEtag({ ...chamba, title: 'chambita' }, 'en-US')).not.toBe(cardEtag(chamba, 'en-US'));
    expect(cardEtag({ ...chamba, country: 'PE' }, 'es')).not.toBe(cardEtag(chamba, 'es'));
    expect(cardEtag(chamba, 'es')).toMatch(/^"[\w.:+-]+"$/);
  });

  it('draws each language its own card, with the Spanish meaning when there is one', async () => {
    const { respond } = countingResponder();
    const [english, spanish] = await Promise.all(
      (['en-US', 'es'] as CardLanguage[]).map(async (language) => {
        const response = await respond(cardRequest({}, `?lng=${language}`), chamba, language);
        return { etag: response.headers.get('etag'), png: new Uint8Array(await response.arrayBuffer()) };
      }),
    );
    expect(english.etag).not.toBe(spanish.etag);
    expect(pngSize(spanish.png)).toEqual({ width: 1200, height: 630 });
    expect(Buffer.from(english.png).equals(Buffer.from(spanish.png))).toBe(false);
    expect(cardMeaning(chamba, 'es')).toBe(chamba.descriptionEs);
    expect(cardMeaning(chamba, 'en-US')).toBe(chamba.description);
    expect(cardMeaning({ ...chamba, descriptionEs: null }, 'es')).toBe(chamba.description);
    expect(cardMeaning({ ...chamba, descriptionEs: '  ' }, 'es')).toBe(chamba.description);
  });

  it('varies on the cookie and Accept-Language when the language did not come from ?lng=', async () => {
    const { respond } = countingResponder();
    const response = await respond(cardRequest({}, ''), chamba, 'es');
    expect(response.headers.get('vary')).toBe('Accept-Language, Cookie');
  });

  it('answers HEAD with the headers and no body', async () => {
    const { respond } = countingResponder();
    const response = await respond(cardRequest({}, '?lng=en', 'HEAD'), chamba, 'en-US');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/png');
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(1000);
    expect(response.body).toBeNull();
  });

  it('draws a hostile or overlong entry as text, clamped, with no glyph it lacks and no crash', async () => {
    const { respond } = countingResponder();
    const hostile: EntryDetail = {
      ...chamba,
      title: `<script>alert("x")</script> ¿Qué onda, güey? ¡Ñoño! 😀👍🏽 你好 ${'W'.repeat(980)}`,
      description: `</svg><image href="https://evil.example/x.png"/> ${'palabra '.repeat(124)}`,
      descriptionEs: null,
      country: 'GQ',
    };
    const response = await respond(cardRequest(), hostile, 'es');
    expect(response.status).toBe(200);
    expect(pngSize(new Uint8Array(await response.arrayBuffer()))).toEqual({ width: 1200, height: 630 });
  });
});

describe('cardSvg', () => {
  it('draws every character as a path inside the card’s margins, however long the entry', async () => {
    const long: EntryDetail = {
      ...chamba,
      title: `<script>alert("x")</script> ${'W'.repeat(980)}`,
      description: `</svg><image href="https://evil.example/x.png"/> ${'supercalifragilístico'.repeat(40)} ${'palabra '.repeat(90)}`,
    };
    for (const language of ['en-US', 'es'] as CardLanguage[]) {
      const svg = await cardSvg(long, language);
      // No markup of the entry's survives: text is outlines, and the one image is the flag.
      expect(svg).not.toMatch(/<script|<text|evil\.example|<\/svg>.*<\/svg>/s);
      expect(svg.match(/<image /g)).toHaveLength(1);
      expect(svg).toMatch(/<image [^>]*href="data:image\/svg\+xml;base64,/);
      // The glyphs' outlines (every filled path but the flag's stripe): each point stays inside.
      const glyphs = [...svg.matchAll(/<path fill="#[0-9a-f]{6}" d="([^"]+)"/g)].map(([, d]) => d);
      expect(glyphs.length).toBeGreaterThan(3);
      const points = glyphs.flatMap((d) => [...d.matchAll(/(-?[\d.]+)[ ,](-?[\d.]+)/g)].map(([, x, y]) => [Number(x), Number(y)]));
      const xs = points.map(([x]) => x);
      const ys = points.map(([, y]) => y);
      expect(Math.min(...xs)).toBeGreaterThanOrEqual(CARD_CONTENT_BOX.left - 2);
      expect(Math.max(...xs)).toBeLessThanOrEqual(CARD_CONTENT_BOX.right + 2);
      expect(Math.min(...ys)).toBeGreaterThanOrEqual(CARD_CONTENT_BOX.top);
      expect(Math.max(...ys)).toBeLessThanOrEqual(CARD_CONTENT_BOX.bottom);
    }
  });

  it('keeps the tallest card’s meaning clear of the brand below it', async () => {
    // Forty characters: the largest type that still takes two lines, then three lines of meaning.
    const tallest: EntryDetail = { ...chamba, title: 'estar en la luna de Valencia, tío, ¿eh?', description: 'palabra '.repeat(120) };
    const svg = await cardSvg(tallest, 'en-US');
    const ysOf = (color: string) =>
      [...svg.matchAll(new RegExp(`<path fill="${color}" d="([^"]+)"`, 'g'))].flatMap(([, d]) => [...d.matchAll(/-?[\d.]+[ ,](-?[\d.]+)/g)].map(([, y]) => Number(y)));
    const meaningBottom = Math.max(...ysOf('#44403c'));
    const brandTop = Math.min(...ysOf('#c2410c'));
    expect(brandTop - meaningBottom).toBeGreaterThan(32);
  });
});

describe('drawableText', () => {
  it('keeps Spanish, replaces what the font lacks grapheme by grapheme, collapses blanks and clamps', () => {
    expect(drawableText('¿Qué   onda,\n güey? ¡Ñoño!', 100)).toBe('¿Qué onda, güey? ¡Ñoño!');
    expect(drawableText('hola 😀👍🏽 🇲🇽 你好', 100)).toBe('hola ?? ? ??');
    expect(drawableText('<script>', 100)).toBe('<script>');
    expect(drawableText('abcdefghij', 5)).toBe('abcd…');
    expect(Array.from(drawableText('ñ'.repeat(500), 90))).toHaveLength(90);
  });
});

describe('card cache', () => {
  it('draws a card once however many requests ask for it at the same time, one render at a time', async () => {
    const { respond, counts } = countingResponder();
    const requests = [
      ...Array.from({ length: 6 }, () => respond(cardRequest(), chamba, 'en-US')),
      respond(cardRequest(), { ...chamba, updatedAt: '2026-03-09T00:00:00+00:00' }, 'en-US'),
    ];
    const bodies = await Promise.all(requests.map(async (response) => Buffer.from(await (await response).arrayBuffer())));
    expect(counts.renders).toBe(2);
    expect(counts.mostAtOnce).toBe(1);
    expect(bodies.slice(1, 6).every((body) => body.equals(bodies[0]))).toBe(true);
    // Warm: a lookup, no render.
    await respond(cardRequest(), chamba, 'en-US');
    expect(counts.renders).toBe(2);
  });

  it('evicts the least recently used card past its count or bytes, and keeps nothing of a failed render', async () => {
    const cache = new CardCache({ entries: 2, bytes: 10, waiting: 10 });
    let renders = 0;
    const draw = (size: number) => async () => {
      renders += 1;
      return new Uint8Array(size);
    };
    await cache.card('a', draw(4));
    await cache.card('b', draw(4));
    await cache.card('a', draw(4)); // a is now the most recently used
    await cache.card('c', draw(4)); // over two cards: b goes
    expect(cache.size).toEqual({ entries: 2, bytes: 8 });
    expect(renders).toBe(3);
    await cache.card('a', draw(4));
    expect(renders).toBe(3);
    await cache.card('b', draw(4));
    expect(renders).toBe(4);
    await cache.card('big', draw(6)); // fourteen bytes: the least recent (a) goes
    expect(cache.size).toEqual({ entries: 2, bytes: 10 });
    await cache.card('b', draw(4));
    expect(renders).toBe(5);
    await cache.card('huge', draw(11)); // larger than the whole budget: served, not kept
    expect(cache.size).toEqual({ entries: 2, bytes: 10 });

    await expect(cache.card('broken', () => Promise.reject(new Error('font missing')))).rejects.toThrow('font missing');
    await expect(cache.card('broken', draw(2))).resolves.toHaveLength(2);
  });
});

describe('a flood of new cards', () => {
  it('answers 503 with Retry-After past the waiting renders, while cached cards and 304s still answer', async () => {
    const gates: (() => void)[] = [];
    let renders = 0;
    const respond = createCardResponder({
      limits: { entries: 10, bytes: 1024 * 1024, waiting: 1 },
      render: async () => {
        renders += 1;
        if (renders > 1) await new Promise<void>((resolve) => gates.push(resolve));
        return new Uint8Array([0x89, 0x50, 0x4e, 0x47, renders]);
      },
    });
    const at = (day: number) => ({ ...chamba, updatedAt: `2026-04-0${day}T00:00:00+00:00` });
    expect((await respond(cardRequest(), at(1), 'en-US')).status).toBe(200);
    // One drawing (held at its gate), one waiting: the next new card is refused.
    const running = respond(cardRequest(), at(2), 'en-US');
    const waiting = respond(cardRequest(), at(3), 'en-US');
    await expect.poll(() => gates.length).toBe(1);
    const refused = await respond(cardRequest(), at(4), 'en-US');
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(refused.headers.get('cache-control')).toBe('no-store');
    // A card already drawn, and a revalidation, are still answered.
    expect((await respond(cardRequest(), at(1), 'en-US')).status).toBe(200);
    const etag = cardEtag(at(4), 'en-US');
    expect((await respond(cardRequest({ 'if-none-match': etag }), at(4), 'en-US')).status).toBe(304);
    // Another request for the card being drawn shares its render rather than being refused.
    const sharing = respond(cardRequest(), at(2), 'en-US');
    gates.shift()!();
    await expect.poll(() => gates.length).toBe(1);
    gates.shift()!();
    expect((await Promise.all([running, waiting, sharing])).map((response) => response.status)).toEqual([200, 200, 200]);
    expect(renders).toBe(3);
    // Once the queue has drained, the refused card is drawn.
    const later = respond(cardRequest(), at(4), 'en-US');
    await expect.poll(() => gates.length).toBe(1);
    gates.shift()!();
    expect((await later).status).toBe(200);
  });
});

describe('renders and other requests', () => {
  it('answers a request for a drawn card between two renders, not after the whole queue', async () => {
    const { respond } = countingResponder();
    await respond(cardRequest(), chamba, 'en-US');
    const finished: string[] = [];
    const queue = [1, 2, 3].map((day) =>
      respond(cardRequest(), { ...chamba, updatedAt: `2026-05-0${day}T00:00:00+00:00` }, 'es').then(() => finished.push(`render ${day}`)),
    );
    // Arrives as a request does: on a later turn of the event loop.
    const cached = new Promise<void>((resolve) => {
      setTimeout(() => {
        void respond(cardRequest(), chamba, 'en-US').then(() => {
          finished.push('cached');
          resolve();
        });
      }, 0);
    });
    await Promise.all([...queue, cached]);
    expect(finished.indexOf('cached')).toBeLessThan(2);
  });
});

describe('card assets', () => {
  it('pins the installed packages’ versions and files', async () => {
    for (const [name, file] of Object.entries(CARD_ASSET_FILES)) {
      const installed = readFileSync(require.resolve(`${file.packageName}/${file.path}`));
      expect(createHash('sha256').update(installed).digest('hex'), name).toBe(file.sha256);
    }
    for (const [packageName, version] of Object.entries(CARD_PACKAGE_VERSIONS)) {
      const manifest = new URL(`../../../../node_modules/${packageName}/package.json`, import.meta.url);
      expect((JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version).toBe(version);
    }
  });

  it('takes a fetched file only when it is the pinned one', async () => {
    const wasm = readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm'));
    const server = createServer((request, response) => {
      if (request.url === '/good/@resvg/resvg-wasm@2.6.2/index_bg.wasm') return void response.end(wasm);
      if (request.url === '/tampered/@resvg/resvg-wasm@2.6.2/index_bg.wasm') return void response.end(Buffer.concat([wasm, Buffer.from([0])]));
      response.statusCode = 404;
      response.end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect(Buffer.from(await fetchPinnedAsset('wasm', `${base}/good/`)).equals(wasm)).toBe(true);
      await expect(fetchPinnedAsset('wasm', `${base}/tampered`)).rejects.toThrow(/not the pinned file/);
      await expect(fetchPinnedAsset('wasm', `${base}/missing`)).rejects.toThrow(/: 404$/);
    } finally {
      server.close();
    }
  });
});
