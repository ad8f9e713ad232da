import { useEffect, useState, type RefObject } from 'react';

/**
 * True once the element has come within `margin` of the viewport, and from then on: heavy
 * parts below the fold (the usage map) are drawn when the reader heads their way, not while
 * the page is loading. True at once where IntersectionObserver is missing.
 */
export function useNearViewport(ref: RefObject<Element | null>, margin = '400px'): boolean {
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const node = ref.current;
    if (near || !node) return;
    const observer = new IntersectionObserver((records) => {
      if (records.some((record) => record.isIntersecting)) setNear(true);
    }, { rootMargin: `${margin} 0px` });
    observer.observe(node);
    return () => observer.disconnect();
  }, [ref, margin, near]);
  return near;
}
