import { useInfiniteQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { EntryCard } from '@/app/components/entry-card';
import { useScoresChannel } from '@/app/live/use-scores-channel';
import { LoadMore } from '@/components/load-more';
import { Spinner } from '@/components/popups';
import { useAuth } from '@/features/auth';
import { isCountryCode, useCountryName, type CountryCode } from '@/features/countries';
import { ENTRY_PAGE_SIZE, entriesQueryOptions } from '@/features/entries/api/get-entries';
import { entryKeys, type EntryFilters } from '@/features/entries/api/entry-keys';
import type { EntryListReply } from '@/lib/api-types';
import { takeServedRead } from '@/lib/first-read';
import { mayHaveSession } from '@/lib/supabase';
import { NotFound } from '@/app/components/not-found';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { LoadFirstRead } from '@/routes';

// "Study Colombia (20 cards)" for a signed-in learner: its own chunk (a guest never loads it).
const DeckButton = lazy(() => import('@/app/components/deck-button'));

/**
 * The home grid's filter for one country, best-voted first: the same list (and cache entry)
 * as the home page filtered by that country. Its first page is page-paths.ts's first read.
 */
export const countryFilters = (code: string): EntryFilters => ({ q: '', countries: [code], tags: [] });

/**
 * A guest's first visit: the country's first page is in before the page draws, the one the
 * server drew the page from (its HTML carries the read) or the one already on its way
 * (preload-page.ts).
 */
export const loadFirstRead: LoadFirstRead = (queryClient, { code = '' }) => {
  if (!isCountryCode(code)) return Promise.resolve();
  const served = takeServedRead(`/content/getContentsSortedByVoteDesc?countries=${code}&limit=${ENTRY_PAGE_SIZE}`) as EntryListReply | undefined;
  if (served && !mayHaveSession()) {
    queryClient.setQueryData(entryKeys.list(countryFilters(code)), { pages: [served], pageParams: [null] });
    return Promise.resolve();
  }
  return queryClient.prefetchInfiniteQuery({ ...entriesQueryOptions(countryFilters(code)), retry: false });
};

/**
 * /country/:code — one country's entries, best-voted first, under a hero naming its slang
 * ("Mexican Spanish slang"). The code is the country's upper-case one: /country/mx goes to
 * /country/MX (one address per page), anything else is not found.
 */
export function CountryPage() {
  const { code = '' } = useParams();
  const upper = code.toUpperCase();
  if (isCountryCode(code)) return <CountryEntries code={code} />;
  if (isCountryCode(upper)) return <Navigate to={`/country/${upper}`} replace />;
  return <NotFound />;
}

function CountryEntries({ code }: { code: CountryCode }) {
  const { t } = useTranslation();
  const country = useCountryName(code);
  const { user } = useAuth();
  const heading = t(`countryPage.heading.${code}`);
  useDocumentTitle(t('countryPage.documentTitle', { heading }));
  // Not the home grid's hook: it keeps the last list up while the next loads, which here
  // would show one country's entries under another's name.
  const entries = useInfiniteQuery(entriesQueryOptions(countryFilters(code)));
  // Every vote anywhere moves the cards' scores, as on the home page.
  useScoresChannel();
  const items = entries.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <div className="page">
      <header className="hero">
        <h1 className="hero__title">{heading}</h1>
        <p className="hero__text">{t('countryPage.intro', { country })}</p>
        {user && (
          <Suspense fallback={null}>
            <DeckButton countries={[code]} tagIds={[]} matching={entries.data && !entries.hasNextPage ? items.length : undefined} />
          </Suspense>
        )}
      </header>
      <section className="results">
        {entries.isPending ? (
          <div className="state-panel" role="status">
            <Spinner size="lg" />
            <p className="state-panel__text">{t('pageLinks.loadingCountry', { country })}</p>
          </div>
        ) : entries.isError && !entries.data ? (
          <div className="state-panel state-panel--error" role="alert">
            <p className="state-panel__text">{t('errors.loadFailed')}</p>
            <button type="button" className="button button--primary" onClick={() => void entries.refetch()}>
              {t('errors.retry')}
            </button>
          </div>
        ) : items.length === 0 ? (
          <p className="empty-state">{t('countryPage.empty', { country })}</p>
        ) : (
          <>
            <ul className="entry-grid">
              {items.map((entry) => (
                <li key={entry._id}>
                  <EntryCard entry={entry} />
                </li>
              ))}
            </ul>
            <LoadMore pages={entries} />
          </>
        )}
      </section>
    </div>
  );
}
