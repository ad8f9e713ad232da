import { useEffect, useEffectEvent, type RefObject } from 'react';

export interface QueueKeys {
  /** R: start recording, or stop. */
  record: () => void;
  /** Enter: keep the take and move on. */
  keep: () => void;
  /** N: skip the entry. */
  skip: () => void;
  /** Backspace: throw the take away. */
  discard: () => void;
}

/** Where typing means typing, or a key means what the element makes it mean. */
const OWN_KEYS = 'input, select, textarea, a, audio, [contenteditable="true"]';

/**
 * The queue's keys, heard when the focus is in the queue (or nowhere, as after a button that
 * was pressed goes away). Not inside a field, a link or the player, nor with a modifier (Ctrl+R
 * still reloads); Enter on a button presses that button, as everywhere.
 */
export function useQueueKeys(area: RefObject<HTMLElement | null>, keys: QueueKeys): void {
  const onKey = useEffectEvent((event: KeyboardEvent) => {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.repeat) return;
    const target = event.target instanceof HTMLElement ? event.target : null;
    if (!target || !(target === document.body || area.current?.contains(target))) return;
    if (target.closest(OWN_KEYS)) return;
    if (event.key === 'Enter' && target.closest('button')) return;
    const key = event.key.toLowerCase();
    if (key === 'r') keys.record();
    else if (key === 'enter') keys.keep();
    else if (key === 'n') keys.skip();
    else if (key === 'backspace') keys.discard();
    else return;
    event.preventDefault();
  });
  useEffect(() => {
    const listener = (event: KeyboardEvent) => onKey(event);
    document.addEventListener('keydown', listener);
    return () => document.removeEventListener('keydown', listener);
  }, []);
}
