import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from './popups';

/** Loads the next page when it scrolls into view; the button is there for keyboards and old browsers. */
export function LoadMore({ loading, onLoadMore }: { loading: boolean; onLoadMore: () => void }) {
  const { t } = useTranslation();
  const ref = useRef<HTMLDivElement>(null);
  const onLoadMoreRef = useRef(onLoadMore);
  useEffect(() => {
    onLoadMoreRef.current = onLoadMore;
  });

  useEffect(() => {
    const node = ref.current;
    if (!node || typeof IntersectionObserver === 'undefined' || loading) return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => record.isIntersecting)) onLoadMoreRef.current();
    }, { rootMargin: '400px 0px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [loading]);

  return (
    <div ref={ref} className="load-more">
      <button type="button" className="button button--ghost" disabled={loading} onClick={onLoadMore}>
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
