import { lazy, Suspense, useDeferredValue, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useScoresChannel } from '@/app/live/use-scores-channel';
import { LoadMore } from '@/components/load-more';
import { useTagName } from '@/components/meaning';
import { LoadingPopup, Spinner } from '@/components/popups';
import { useAuth } from '@/features/auth';
import { CountryFlag, CountryLinks, useCountries } from '@/features/countries';
import { ENTRY_PAGE_SIZE, useEntries } from '@/features/entries/api/get-entries';
import { entryKeys, type EntryFilters } from '@/features/entries/api/entry-keys';
import { SortSwitch } from '@/features/entries/components/sort-switch';
import { useEntrySort } from '@/features/entries/use-entry-sort';
import { EntryCard } from '@/app/components/entry-card';
import { WordOfTheDayCard } from '@/app/components/word-of-the-day-card';
import { SearchBar } from '@/features/search/search-bar';
import { useSearchFilters } from '@/features/search/use-search-filters';
import { useTags } from '@/features/tags/api/get-tags';
import type { EntryListReply } from '@/lib/api-types';
import { takeServedRead } from '@/lib/first-read';
import { mayHaveSession } from '@/lib/supabase';
import type { LoadFirstRead } from '@/routes';

// "Study Colombia (20 cards)", for a learner who filters: its own chunk, fetched only then
// (the first visit's JS has a budget).
const DeckButton = lazy(() => import('@/app/components/deck-button'));

/** Cards drawn at once when a list first arrives; the rest, below the first screen, follow. */
const FIRST_CARDS = 8;

/** The grid's list with no search, no filter and the default order (the server draws `/` with it). */
const DEFAULT_FILTERS: EntryFilters = { q: '', countries: [], tags: [] };

/**
 * A guest's first visit to `/` as the server drew it: its first page of cards, sent with the
 * HTML, is the grid's first render, so the app takes the page over in place. Only with no
 * search, filter or order in the URL (the server drew the default list) and no session (a
 * learner's cards are read as theirs: the page draws as it always has).
 */
export const loadFirstRead: LoadFirstRead = (queryClient) => {
  const served = takeServedRead(`/content/getContentsSortedByVoteDesc?limit=${ENTRY_PAGE_SIZE}`) as EntryListReply | undefined;
  const params = new URLSearchParams(window.location.search);
  const listed = ['q', 'countries', 'tags'].some((name) => params.has(name)) || params.get('sort') === 'new';
  if (served && !listed && !mayHaveSession()) queryClient.setQueryData(entryKeys.list(DEFAULT_FILTERS), { pages: [served], pageParams: [null] });
  return Promise.resolve();
};

export function HomePage() {
  const { t } = useTranslation();
  const auth = useAuth();
  const { filters, update, clear } = useSearchFilters();
  const countries = useCountries();
  const tags = useTags();
  const [sort, setSort] = useEntrySort();
  const entries = useEntries(sort === 'new' ? { ...filters, sort } : filters);
  // Every vote anywhere moves the cards' scores.
  useScoresChannel();

  const countryOptions = useMemo(
    () => countries.map((country) => ({ value: country.code, label: country.name, icon: <CountryFlag code={country.code} size="sm" /> })),
    [countries],
  );
  const tagName = useTagName();
  const tagOptions = useMemo(() => (tags.data ?? []).map((tag) => ({ value: tag._id, label: tagName(tag) })), [tags.data, tagName]);

  const items = useMemo(() => entries.data?.pages.flatMap((page) => page.data) ?? [], [entries.data]);
  // A new list is drawn as far as the last one reached (at least the first screen) at once,
  // and the rest in the background, a few cards at a time between other work: a phone's
  // processor is never held for the whole page of cards in one piece.
  const settled = useDeferredValue(items);
  const cards = settled === items ? items : items.slice(0, Math.max(FIRST_CARDS, settled.length));
  const filtering = Boolean(filters.q.trim() || filters.countries.length || filters.tags.length);
  const firstLoad = entries.isPending || auth.isLoading;
  const searching = entries.isPlaceholderData && entries.isFetching;

  return (
    <div className="page">
      <header className="hero">
        <h1 className="hero__title">{t('home.title')}</h1>
        <p className="hero__text">{t('home.subtitle')}</p>
      </header>
      <SearchBar
        term={filters.q}
        countries={filters.countries}
        tags={filters.tags}
        countryOptions={countryOptions}
        tagOptions={tagOptions}
        tagsLoading={tags.isPending}
        onTermChange={(q) => update({ q })}
        onCountriesChange={(countries) => update({ countries })}
        onTagsChange={(tags) => update({ tags })}
        onClear={clear}
      />
      <WordOfTheDayCard />
      {firstLoad && <LoadingPopup message={t('home.loadingLatest')} />}
      <section className="results" aria-busy={searching || undefined}>
        <div className="results__toolbar">
          {auth.user && (filters.countries.length > 0 || filters.tags.length > 0) && (
            <Suspense fallback={null}>
              <DeckButton
                countries={filters.countries}
                tagIds={filters.tags}
                tags={tags.data}
                // The whole list is in (and no search narrows it): the button can say how many match.
                matching={!filters.q.trim() && entries.data && !entries.hasNextPage ? items.length : undefined}
              />
            </Suspense>
          )}
          <SortSwitch sort={sort} onChange={setSort} />
        </div>
        {searching && (
          <p className="results__status" role="status">
            <Spinner size="sm" /> {t('search.searching')}
          </p>
        )}
        {entries.isError && !entries.data ? (
          <div className="state-panel state-panel--error" role="alert">
            <p className="state-panel__text">{t('errors.loadFailed')}</p>
            <button type="button" className="button button--primary" onClick={() => void entries.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        ) : entries.data && items.length === 0 ? (
          filtering ? (
            <p className="empty-state" role="status">
              {t('search.noResults')}
            </p>
          ) : (
            <div className="empty-state">
              <p>{t('home.empty')}</p>
              <Link className="button button--primary" to="/addContent">
                {t('home.addFirst')}
              </Link>
            </div>
          )
        ) : (
          <>
            <ul className={`entry-grid${searching ? ' entry-grid--stale' : ''}`}>
              {cards.map((entry) => (
                <li key={entry._id}>
                  <EntryCard entry={entry} />
                </li>
              ))}
            </ul>
            <LoadMore pages={entries} drawn={cards.length === items.length} />
          </>
        )}
      </section>
      {/* Once the cards are in: drawn earlier it would sit on the first screen and be pushed
          down by them (a layout shift). */}
      {entries.data && <CountryLinks />}
    </div>
  );
}
