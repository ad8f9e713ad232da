import { Resvg } from '@resvg/resvg-wasm';
import satori from 'satori';
import * as flags from 'country-flag-icons/string/3x2';
import english from '../../../../src/i18n/locales/en-US.json' with { type: 'json' };
import spanish from '../../../../src/i18n/locales/es.json' with { type: 'json' };
import type { Entry } from '../contract/entries.ts';
import { cardAssets } from './card-assets.ts';

/** The languages a card is drawn in (the reader's, as the pages settle it). */
export type CardLanguage = 'en-US' | 'es';

/** The size link previews ask for (Open Graph's and X's large summary card). */
export const CARD_WIDTH = 1200;
export const CARD_HEIGHT = 630;

/**
 * Raise whenever the drawing changes, so every cached copy (here, in browsers, at CDNs) of an
 * entry's card is replaced: it is part of each card's ETag.
 */
export const CARD_RENDER_VERSION = 1;

/**
 * Longest title and meaning drawn, in characters. The layout clamps lines anyway (two for the
 * title, three for the meaning); this only keeps a 1000-character field from being laid out in full.
 */
const TITLE_LIMIT = 90;
const MEANING_LIMIT = 260;

const STRINGS = { 'en-US': english, es: spanish } as const;

/** The brand stripe down the left edge, and the margins inside it, in pixels. */
const STRIPE = 24;
const MARGIN = { top: 64, right: 80, bottom: 56, left: 96 };

/** Where everything drawn on the card stays: long words and meanings wrap and clamp inside it. */
export const CARD_CONTENT_BOX = {
  left: STRIPE + MARGIN.left,
  right: CARD_WIDTH - MARGIN.right,
  top: MARGIN.top,
  bottom: CARD_HEIGHT - MARGIN.bottom,
};

/** What satori lays out: the element tree React would build, as plain objects. */
type CardNode = { type: string; props: { style?: Record<string, string | number>; children?: CardNode[] | string; src?: string; width?: number; height?: number } };

function node(type: string, style: Record<string, string | number>, children?: CardNode[] | string): CardNode {
  return { type, props: { style, children } };
}

/**
 * What the card's fonts draw: Inter's latin and latin-ext subsets (their unicode-range, less
 * the control characters). Anything else (emoji, CJK, Cyrillic...) would come out as the
 * font's "no glyph" box, and satori would try to fetch an image for an emoji.
 */
const DRAWABLE = /^[\u0020-\u007e\u00a0-\u02ff\u1d00-\u1dbf\u1e00-\u1eff\u2010-\u2027\u2030-\u205e\u20a0-\u20c0\u2113\u2122\u2191\u2193\u2212\u2215\u2c60-\u2c7f\ua720-\ua7ff]*$/u;
const graphemes = new Intl.Segmenter('es', { granularity: 'grapheme' });
/** Drawn for a character the fonts lack (their U+FFFD is a "no glyph" box too). */
const MISSING = '?';

/**
 * The text as the card draws it: blanks collapsed, each character the fonts lack shown as one
 * `MISSING` (a whole emoji or flag sequence as one), at most `limit` characters with an ellipsis.
 */
export function drawableText(text: string, limit: number): string {
  const characters = Array.from(graphemes.segment(text.replace(/\s+/g, ' ').trim()), ({ segment }) => (DRAWABLE.test(segment) ? segment : MISSING));
  return characters.length <= limit ? characters.join('') : `${characters.slice(0, limit - 1).join('').trimEnd()}…`;
}

/** Smaller type for longer words, so a short title fills the card and a long one still fits two lines. */
function titleSize(title: string): number {
  const length = Array.from(title).length;
  return length <= 12 ? 120 : length <= 22 ? 96 : length <= 40 ? 76 : 60;
}

/** The meaning in the card's language: the Spanish one for `es` when written, else the English one. */
export function cardMeaning(entry: Pick<Entry, 'description' | 'descriptionEs'>, language: CardLanguage): string {
  return language === 'es' && entry.descriptionEs?.trim() ? entry.descriptionEs : entry.description;
}

/** The country's flag as an image satori can draw (an SVG data URI, from country-flag-icons). */
function flagSource(country: string): string | null {
  const svg = (flags as Record<string, string | undefined>)[country];
  return svg ? `data:image/svg+xml;base64,${btoa(svg)}` : null;
}

/** The card's element tree: brand bar, flag and country, the word, its meaning, the brand. */
function cardTree(entry: Entry, language: CardLanguage): CardNode {
  const strings = STRINGS[language];
  const country = (strings.countries as Record<string, string>)[entry.country] ?? entry.country;
  const title = drawableText(entry.title, TITLE_LIMIT);
  const flag = flagSource(entry.country);
  // Long unbroken words break anywhere rather than run off the card.
  const text = { display: 'block', overflow: 'hidden', wordBreak: 'break-word' };
  const origin = node('div', { display: 'flex', alignItems: 'center', gap: 24, fontSize: 36, fontWeight: 700, color: '#57534e' }, [
    ...(flag ? [{ type: 'img', props: { src: flag, width: 84, height: 56, style: { borderRadius: 6, border: '2px solid #e7e5e4' } } }] : []),
    node('div', { display: 'flex' }, country),
  ]);
  const word = node('div', { ...text, fontSize: titleSize(title), fontWeight: 800, lineHeight: 1.1, color: '#1c1917', lineClamp: 2, marginTop: 28 }, title);
  const meaning = node(
    'div',
    { ...text, fontSize: 36, fontWeight: 400, lineHeight: 1.35, color: '#44403c', lineClamp: 3, marginTop: 20 },
    drawableText(cardMeaning(entry, language), MEANING_LIMIT),
  );
  // The tallest card (two lines of title, three of meaning) still leaves about 50 px between its last line and the brand.
  const brand = node('div', { display: 'flex', alignItems: 'baseline', gap: 20, marginTop: 'auto' }, [
    node('div', { display: 'flex', fontSize: 44, fontWeight: 800, color: '#c2410c' }, strings.app.name),
    node('div', { display: 'flex', fontSize: 28, fontWeight: 400, color: '#78716c' }, strings.app.tagline),
  ]);
  return node(
    'div',
    {
      // satori sizes boxes as content-box unless told: padding would push the card past 1200×630.
      boxSizing: 'border-box',
      display: 'flex',
      flexDirection: 'column',
      width: '100%',
      height: '100%',
      padding: `${MARGIN.top}px ${MARGIN.right}px ${MARGIN.bottom}px ${MARGIN.left}px`,
      backgroundColor: '#f7f7f5',
      borderLeft: `${STRIPE}px solid #c2410c`,
      fontFamily: 'Inter',
    },
    [origin, word, meaning, brand],
  );
}

/**
 * An entry's preview card as SVG: satori lays the tree out and turns its text into paths (an
 * entry's `<script>` is just the shapes of its characters; nothing of it is markup).
 */
export async function cardSvg(entry: Entry, language: CardLanguage): Promise<string> {
  const fonts = await cardAssets();
  // satori's types name React's ReactNode; the plain tree is what React elements are made of.
  return satori(cardTree(entry, language) as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts });
}

/** An entry's preview card as PNG bytes, rasterised by resvg. */
export async function renderCard(entry: Entry, language: CardLanguage): Promise<Uint8Array> {
  const resvg = new Resvg(await cardSvg(entry, language), { fitTo: { mode: 'original' } });
  const image = resvg.render();
  try {
    return image.asPng();
  } finally {
    image.free();
    resvg.free();
  }
}
