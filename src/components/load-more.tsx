import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './popups';

/** The part of a react-query infinite query that paging needs. */
export interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
}

/**
 * The next page of an infinite query, loaded when this scrolls into view; the button is
 * there for keyboards and old browsers. Nothing when there is no next page.
 */
export function LoadMore({ pages }: { pages: Pages }) {
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

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined' || loading) return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => record.isIntersecting)) loadMoreRef.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading, pages.hasNextPage]);

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
