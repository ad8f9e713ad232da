import type { ConceptEntry } from '../contract/concepts.ts';
import type { Entry, EntryListReply } from '../contract/entries.ts';
import { homeEmpty, loadMore, resultsToolbar, searchBar, wordOfTheDayLoading } from './home-markup.ts';
import { html, type Markup } from './html.ts';
import { cardIcon, COUNTRY_CODES, countryName, flag, meaning, rudeBadge, t, tagName, voteButtons, type CountryCode, type DrawContext } from './parts.ts';

/** EntryCard (src/app/components/entry-card.tsx) as a guest sees it. */
export function entryCard(context: DrawContext, entry: Entry): Markup {
  const add = t(context, 'flashcards.add');
  const tags = entry.tags.length > 0 && html`<ul class="tag-list tag-list--compact">${entry.tags.map((tag) => html`<li class="tag">${tagName(context, tag)}</li>`)}</ul>`;
  return html`<article class="entry-card"><div class="entry-card__top"><span class="entry-card__country">${flag(context, entry.country, 'sm')}<span class="entry-card__country-name">${countryName(context, entry.country)}</span></span><span class="add-flashcard-group">${voteButtons(context, entry, true)}<button type="button" class="add-flashcard add-flashcard--compact" aria-label="${add}" title="${add}">${cardIcon}</button></span></div><div class="entry-card__head"><h2 class="entry-card__title"><a href="/content/${encodeURIComponent(entry._id)}" class="entry-card__link">${entry.title}</a></h2></div>${rudeBadge(context, entry.rudeIn, 'entry-card__rude')}<p class="entry-card__description">${meaning(context, entry)}</p>${tags}<p class="entry-card__author">${t(context, 'entry.by', { author: entry.author })}</p></article>`;
}

const hero = (title: string, text: string) => html`<header class="hero"><h1 class="hero__title">${title}</h1><p class="hero__text">${text}</p></header>`;

/** The home grid's list of cards. */
const cardList = (context: DrawContext, entries: readonly Entry[]) => html`<ul class="entry-grid">${entries.map((entry) => html`<li>${entryCard(context, entry)}</li>`)}</ul>`;

/** The first page of a list, as the app draws it: its cards and, when there are more, Load more. */
const entryGrid = (context: DrawContext, list: EntryListReply) =>
  html`<section class="results">${cardList(context, list.data)}${loadMore(context, list.nextCursor !== null)}</section>`;

/**
 * CountryLinks (src/features/countries): every country's page by name, sorted as the
 * reader's language sorts them. (`pageLinks.countriesHeading` is part "client"'s string.)
 */
function countryLinks(context: DrawContext): Markup {
  const collator = new Intl.Collator(context.language);
  const countries = COUNTRY_CODES.map((code) => ({ code, name: countryName(context, code) })).sort((a, b) => collator.compare(a.name, b.name));
  return html`<nav class="country-links" aria-labelledby="served-countries"><h2 id="served-countries" class="section-title">${t(context, 'pageLinks.countriesHeading')}</h2><ul class="country-links__list">${countries.map(
    ({ code, name }) => html`<li><a class="country-links__link" href="/country/${code}">${name}</a></li>`,
  )}</ul></nav>`;
}

/**
 * The home page as HomePage (src/app/routes/home-page.tsx) first draws it for a guest with
 * its first page in: hero, search, the word of the day loading, the results (toolbar, grid)
 * and every country's page.
 */
export function homeMarkup(context: DrawContext, list: EntryListReply): Markup {
  const results = list.data.length ? html`${cardList(context, list.data)}${loadMore(context, list.nextCursor !== null)}` : homeEmpty(context);
  // An empty Jerga has no word of the day (the app draws none once it knows).
  const word = list.data.length ? wordOfTheDayLoading(context) : null;
  return html`<div class="page">${hero(t(context, 'home.title'), t(context, 'home.subtitle'))}${searchBar(context)}${word}<section class="results">${resultsToolbar(context)}${results}</section>${countryLinks(context)}</div>`;
}

/** A country's page: its hero and its best-voted entries as the home grid's cards. */
export function countryMarkup(context: DrawContext, code: CountryCode, entries: EntryListReply): Markup {
  const name = countryName(context, code);
  const list = entries.data.length ? entryGrid(context, entries) : html`<section class="results"><p class="empty-state">${t(context, 'countryPage.empty', { country: name })}</p></section>`;
  return html`<div class="page">${hero(t(context, `countryPage.heading.${code}`), t(context, 'countryPage.intro', { country: name }))}${list}</div>`;
}

/** The comparison page (src/app/routes/compare-group-page.tsx): ConceptGroupTable under its hero, then the way back to Compare. */
export function compareMarkup(context: DrawContext, heading: string, entries: readonly ConceptEntry[]): Markup {
  const forms = [...new Set(entries.map((entry) => entry.title))].join(', ');
  const rows = entries.map(
    (entry) =>
      html`<tr class="concept-group__row"><th scope="row" class="concept-group__country">${flag(context, entry.country, 'sm')}<span>${countryName(context, entry.country)}</span></th><td class="concept-group__form"><a href="/content/${encodeURIComponent(entry._id)}" lang="es">${entry.title}</a></td><td class="concept-group__meaning">${meaning(context, entry)}</td></tr>`,
  );
  return html`<div class="page page--narrow">${hero(heading, t(context, 'compareGroup.intro'))}<table class="concept-group"><caption class="concept-group__caption">${t(context, 'compare.groupLabel', { forms })}</caption><thead class="concept-group__head"><tr><th scope="col">${t(context, 'compare.country')}</th><th scope="col">${t(context, 'compare.form')}</th><th scope="col">${t(context, 'compare.meaning')}</th></tr></thead><tbody>${rows}</tbody></table><p><a class="back-link" href="/compare">← ${t(context, 'pageLinks.backToCompare')}</a></p></div>`;
}

/** NotFoundPage (src/app/routes/not-found-page.tsx). */
export function notFoundMarkup(context: DrawContext): Markup {
  return html`<section class="state-panel"><p class="state-panel__code" aria-hidden="true">404</p><h1 class="state-panel__title">${t(context, 'errors.notFoundTitle')}</h1><p class="state-panel__text">${t(context, 'errors.notFoundBody')}</p><div class="state-panel__actions"><a class="button button--primary" href="/">${t(context, 'errors.backHome')}</a></div></section>`;
}

/** While the /api cannot be read: the app, once it runs, tries again itself. */
export function unavailableMarkup(context: DrawContext): Markup {
  return html`<section class="state-panel state-panel--error"><h1 class="state-panel__title">${t(context, 'pages.unavailableTitle')}</h1><p class="state-panel__text">${t(context, 'pages.unavailableBody')}</p></section>`;
}
