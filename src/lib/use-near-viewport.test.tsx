import { act, render, screen } from '@testing-library/react';
import { useRef } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNearViewport } from './use-near-viewport';

function Probe() {
  const ref = useRef<HTMLDivElement>(null);
  const near = useNearViewport(ref, '200px');
  return <div ref={ref}>{near ? 'drawn' : 'waiting'}</div>;
}

/** An IntersectionObserver the test drives: `enter(false|true)` reports the observed element. */
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
  const enter = (isIntersecting: boolean) =>
    act(() => observers.filter((o) => !o.disconnected).forEach((o) => o.callback([{ isIntersecting } as IntersectionObserverEntry], {} as IntersectionObserver)));
  return { observers, enter };
}

afterEach(() => vi.unstubAllGlobals());

describe('useNearViewport', () => {
  it('waits until the element comes within the margin, then stays true and stops watching', () => {
    const { observers, enter } = stubObserver();
    render(<Probe />);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    expect(observers[0].options?.rootMargin).toBe('200px 0px');
    enter(false);
    expect(screen.getByText('waiting')).toBeInTheDocument();
    enter(true);
    expect(screen.getByText('drawn')).toBeInTheDocument();
    expect(observers.every((o) => o.disconnected)).toBe(true);
  });

  it('is true at once without IntersectionObserver', () => {
    vi.stubGlobal('IntersectionObserver', undefined);
    render(<Probe />);
    expect(screen.getByText('drawn')).toBeInTheDocument();
  });
});
