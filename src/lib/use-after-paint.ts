import { useEffect, useState } from 'react';

/**
 * False until the browser has painted the frame this component first rendered in, then
 * true: what is not part of the page's first screen (sections below it, the service worker's
 * registration) starts after that screen is on display rather than competing with it for the
 * network on a slow phone (bench/lighthouse.ts).
 */
export function useAfterPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // The frame callback runs just before the paint; the task it queues, just after.
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setPainted(true));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, []);
  return painted;
}
