import type { Entry } from '../contract/entries.ts';
import type { Tag } from '../contract/tags.ts';
import { html, type Markup } from './html.ts';
import { text, type PageLanguage } from './strings.ts';

/** The 21 countries (the app's COUNTRY_CODES). */
export const COUNTRY_CODES = [
  'AR', 'BO', 'CL', 'CO', 'CR', 'CU', 'DO', 'EC', 'ES', 'GQ', 'GT', 'HN', 'MX', 'NI', 'PA', 'PE', 'PR', 'PY', 'SV', 'UY', 'VE',
] as const;
export type CountryCode = (typeof COUNTRY_CODES)[number];
export const isCountryCode = (value: string): value is CountryCode => (COUNTRY_CODES as readonly string[]).includes(value);

/** What every piece of a page is drawn with. */
export interface DrawContext {
  language: PageLanguage;
  /** A flag's file in the build (`/assets/MX-….svg`), when the host knows it. */
  flagUrl: (code: string) => string | undefined;
}

export const t = (context: DrawContext, key: string, values?: Record<string, string | number>) => text(context.language, key, values);

export const countryName = (context: DrawContext, code: string) => (isCountryCode(code) ? t(context, `countries.${code}`) : code);

const FLAG_SIZES = { sm: [21, 14], md: [27, 18], lg: [48, 32] } as const;

/** CountryFlag, decorative (its name is written beside it): the same box even without the file. */
export function flag(context: DrawContext, code: string, size: keyof typeof FLAG_SIZES): Markup {
  const src = isCountryCode(code) ? context.flagUrl(code) : undefined;
  const [width, height] = FLAG_SIZES[size];
  if (!src) return html`<span class="country-flag country-flag--${size}" aria-hidden="true"></span>`;
  return html`<img class="country-flag country-flag--${size}" src="${src}" width="${width}" height="${height}" decoding="async" alt="" aria-hidden="true" draggable="false">`;
}

/** The entry's meaning in the reader's language, as `Meaning` (src/components/meaning.tsx) draws it. */
export function meaning(context: DrawContext, entry: Pick<Entry, 'description' | 'descriptionEs'>): Markup {
  if (context.language !== 'es') return html`<span lang="en">${entry.description}</span>`;
  if (entry.descriptionEs) return html`<span lang="es">${entry.descriptionEs}</span>`;
  return html`<span lang="en">${entry.description}</span> <span class="meaning__language">${t(context, 'entry.inEnglish')}</span>`;
}

/** The meaning as plain text in the reader's language (titles, descriptions, previews). */
export const meaningText = (language: PageLanguage, entry: Pick<Entry, 'description' | 'descriptionEs'>) =>
  language === 'es' && entry.descriptionEs ? entry.descriptionEs : entry.description;

export const tagName = (context: DrawContext, tag: Pick<Tag, 'name' | 'nameEs'>) => (context.language === 'es' && tag.nameEs ? tag.nameEs : tag.name);

/** RudeBadge: nothing when no country marks it. */
export function rudeBadge(context: DrawContext, countries: readonly string[], className: string): Markup | null {
  if (countries.length === 0) return null;
  const list = new Intl.ListFormat(context.language, { type: 'conjunction' }).format(countries.map((code) => countryName(context, code)));
  return html`<span class="badge rude-badge ${className}"><span aria-hidden="true" class="rude-badge__icon">!</span>${t(context, 'usage.rudeIn', { countries: list })}</span>`;
}

const arrow = (down: boolean) =>
  html`<svg viewBox="0 0 16 16" aria-hidden="true" class="${down ? 'vote-control__arrow vote-control__arrow--down' : 'vote-control__arrow'}"><path d="M8 3l5.5 7h-11z" fill="currentColor"></path></svg>`;

/** VoteButtons as a guest sees them (nothing pressed). */
export function voteButtons(context: DrawContext, entry: Pick<Entry, 'title' | 'voteCount'>, compact: boolean): Markup {
  return html`<div class="vote-control${compact ? ' vote-control--compact' : ''}" role="group" aria-label="${t(context, 'votes.group', { title: entry.title })}"><button type="button" class="vote-control__button" aria-label="${t(context, 'votes.upvote')}" aria-pressed="false">${arrow(false)}</button><span class="vote-control__score" aria-live="polite">${t(context, 'votes.score', { count: entry.voteCount })}</span><button type="button" class="vote-control__button vote-control__button--down" aria-label="${t(context, 'votes.downvote')}" aria-pressed="false">${arrow(true)}</button></div>`;
}

/** CardIcon of the flashcard buttons (not added: a guest has no cards). */
export const cardIcon = html`<svg viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" stroke-width="1.8" stroke-linecap="round" stroke-linejoin="round"><rect x="3.5" y="5.5" width="13" height="15" rx="2"></rect><path d="M7.5 3.5h11a2 2 0 0 1 2 2v13"></path><path d="M10 10v6M7 13h6"></path></svg>`;
