import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './popups';

/** The part of a react-query infinite query that paging needs. */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/** How far below the screen the learner may be from the end when the next page starts loading. */
const NEAR_END = '0px 0px 400px 0px';

/**
 * The next page of an infinite query, loaded when the learner nears the end of what is drawn;
 * the button is there for keyboards and old browsers. Nothing when there is no next page.
 * `drawn`: whether every loaded item is on the page. Until then the end is not where it
 * seems (a grid drawn a few cards at a time has its end near the top), so nothing loads:
 * watching it then loaded page after page with no scrolling (issue 32: all 366 entries on a
 * desktop). And never twice with the end in the same place: a page that moved nothing (an
 * error, an empty page) waits for the button rather than looping.
 */
export function LoadMore({ pages, drawn = true }: { pages: Pages; drawn?: boolean }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const loading = pages.isFetchingNextPage;
  const loadMore = () => {
    if (!pages.isFetchingNextPage) void pages.fetchNextPage();
  };
  const loadMoreRef = useRef(loadMore);
  useEffect(() => {
    loadMoreRef.current = loadMore;
  });

  // Where the end was (from the top of the document) when it last loaded a page by itself.
  const loadedAt = useRef<number | null>(null);

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined' || loading || !drawn) return;
    const observer = new IntersectionObserver((records) => {
      if (!records.some((record) => record.isIntersecting)) return;
      const at = Math.round(node.getBoundingClientRect().top + window.scrollY);
      if (at === loadedAt.current) return;
      loadedAt.current = at;
      loadMoreRef.current();
    }, { rootMargin: NEAR_END });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, drawn, pages.hasNextPage]);

  if (!pages.hasNextPage) return null;
  return (
    <div ref={ref} className="load-more">
      <button type="button" className="button button--ghost" disabled={loading} onClick={loadMore}>
        {loading ? (
          <>
            <Spinner size="sm" /> {t('home.loadingMore')}
          </>
        ) : (
          t('home.loadMore')
        )}
      </button>
    </div>
  );
}
