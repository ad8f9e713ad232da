import { html, type Markup } from './html.ts';
import { t, type DrawContext } from './parts.ts';

// The home page's parts as src/app/routes/home-page.tsx first draws them for a guest, so the
// app takes the page over with nothing appearing, vanishing or moving.

/** A MultiSelect (src/components/multi-select.tsx), closed and empty. */
const multiSelect = (id: string, label: string, placeholder: string) =>
  html`<div class="multi-select"><label class="field__label" for="${id}">${label}</label><div class="multi-select__control"><input id="${id}" class="multi-select__input" type="text" role="combobox" autocomplete="off" aria-autocomplete="list" aria-expanded="false" value="" placeholder="${placeholder}"><span class="multi-select__chevron" aria-hidden="true"></span></div></div>`;

/** SearchBar (src/features/search/search-bar.tsx) as it first renders: empty, its filters closed. */
export function searchBar(context: DrawContext): Markup {
  return html`<form class="search-bar" role="search"><div class="search-bar__text"><label class="field__label" for="served-search">${t(context, 'search.label')}</label><div class="search-bar__input-wrap"><svg class="search-bar__icon" viewBox="0 0 24 24" aria-hidden="true"><circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" stroke-width="2"></circle><path d="M20 20l-4-4" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg><input id="served-search" type="search" class="input search-bar__input" value="" placeholder="${t(context, 'search.placeholder')}" autocomplete="off" enterkeyhint="search"></div></div><button type="button" class="button button--ghost search-bar__filters-toggle" aria-expanded="false" aria-controls="served-filters"><svg viewBox="0 0 20 20" aria-hidden="true"><path d="M3 5h14M6 10h8M9 15h2" stroke="currentColor" stroke-width="2" stroke-linecap="round"></path></svg>${t(context, 'search.filters')}</button><div id="served-filters" class="search-bar__filters">${multiSelect('served-countries-filter', t(context, 'search.countries'), t(context, 'search.countriesPlaceholder'))}${multiSelect('served-tags-filter', t(context, 'search.tags'), t(context, 'search.tagsPlaceholder'))}<div class="search-bar__actions"><button type="button" class="button button--ghost" disabled>${t(context, 'search.clear')}</button></div></div></form>`;
}

/**
 * WordOfTheDayCard (src/app/components/word-of-the-day-card.tsx) while its word loads: the
 * box is the same height loaded or not, so the app's word takes its place without a shift.
 */
export function wordOfTheDayLoading(context: DrawContext): Markup {
  return html`<section class="word-of-the-day" aria-labelledby="word-of-the-day-title" aria-busy="true"><h2 id="word-of-the-day-title" class="word-of-the-day__label">${t(context, 'daily.wordTitle')}</h2><div class="word-of-the-day__skeleton" role="status"><span class="visually-hidden">${t(context, 'daily.wordLoading')}</span><span class="word-of-the-day__bone word-of-the-day__bone--title"></span><span class="word-of-the-day__bone"></span></div></section>`;
}

/** The results toolbar with SortSwitch (src/features/entries/components/sort-switch.tsx) on Top. */
export function resultsToolbar(context: DrawContext): Markup {
  const option = (value: 'top' | 'new', label: string) =>
    html`<label class="sort-switch__option"><input type="radio" name="entry-sort" value="${value}" class="sort-switch__input"${value === 'top' ? html` checked` : ''}><span class="sort-switch__text">${label}</span></label>`;
  return html`<div class="results__toolbar"><fieldset class="sort-switch"><legend class="sort-switch__legend">${t(context, 'daily.sortLabel')}</legend>${option('top', t(context, 'daily.sortTop'))}${option('new', t(context, 'daily.sortNew'))}</fieldset></div>`;
}

/** LoadMore (src/components/load-more.tsx) when there is a next page. */
export function loadMore(context: DrawContext, hasNext: boolean): Markup | null {
  return hasNext ? html`<div class="load-more"><button type="button" class="button button--ghost">${t(context, 'home.loadMore')}</button></div>` : null;
}

/** The home grid with nothing in it: Jerga's first entry is still to be added. */
export function homeEmpty(context: DrawContext): Markup {
  return html`<div class="empty-state"><p>${t(context, 'home.empty')}</p><a class="button button--primary" href="/addContent">${t(context, 'home.addFirst')}</a></div>`;
}
