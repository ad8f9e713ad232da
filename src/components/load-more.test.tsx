import { act, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoadMore, type Pages } from './load-more';

/** An IntersectionObserver the test drives: `enter()` reports the end as in reach to every live observer. */
function stubObserver() {
  const observers: { callback: IntersectionObserverCallback; options?: IntersectionObserverInit; disconnected: boolean }[] = [];
  vi.stubGlobal(
    'IntersectionObserver',
    class {
      entry: (typeof observers)[number];
      constructor(callback: IntersectionObserverCallback, options?: IntersectionObserverInit) {
        this.entry = { callback, options, disconnected: false };
        observers.push(this.entry);
      }
      observe() {}
      disconnect() {
        this.entry.disconnected = true;
      }
    },
  );
  const live = () => observers.filter((o) => !o.disconnected);
  const enter = () => act(() => live().forEach((o) => o.callback([{ isIntersecting: true } as IntersectionObserverEntry], {} as IntersectionObserver)));
  return { live, enter };
}

/** Where the end is drawn (jsdom lays nothing out): its top, as getBoundingClientRect says. */
function endAt(top: number) {
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ top } as DOMRect);
}

const pages = (fetchNextPage: () => Promise<unknown>): Pages => ({ hasNextPage: true, isFetchingNextPage: false, fetchNextPage });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('LoadMore', () => {
  it('watches for the end only once every loaded item is drawn, 400px below the screen', () => {
    const { live, enter } = stubObserver();
    const fetchNextPage = vi.fn(async () => undefined);
    endAt(300);
    const { rerender } = render(<LoadMore pages={pages(fetchNextPage)} drawn={false} />);
    expect(live()).toHaveLength(0);
    enter();
    expect(fetchNextPage).not.toHaveBeenCalled();

    rerender(<LoadMore pages={pages(fetchNextPage)} drawn />);
    expect(live()).toHaveLength(1);
    expect(live()[0].options?.rootMargin).toBe('0px 0px 400px 0px');
    enter();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);
  });

  it('never loads twice with the end in the same place: no loop while it stays in view', () => {
    const { enter } = stubObserver();
    const fetchNextPage = vi.fn(async () => undefined);
    endAt(300);
    const { rerender } = render(<LoadMore pages={pages(fetchNextPage)} />);
    enter();
    // The page arrived but moved nothing (the observer is made anew, and says "in view" again).
    rerender(<LoadMore pages={{ ...pages(fetchNextPage), isFetchingNextPage: true }} />);
    rerender(<LoadMore pages={pages(fetchNextPage)} />);
    enter();
    expect(fetchNextPage).toHaveBeenCalledTimes(1);

    // The learner scrolled on and the end moved down: the next page loads.
    endAt(1900);
    enter();
    expect(fetchNextPage).toHaveBeenCalledTimes(2);
  });
});
