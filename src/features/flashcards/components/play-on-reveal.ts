import { useSyncExternalStore } from 'react';

/** Where this device keeps "Play the recording when the answer is revealed" (a device's choice, not the account's). */
export const PLAY_ON_REVEAL_KEY = 'jerga.review.playOnReveal';

const listeners = new Set<() => void>();
/** The choice made on this page when the device's storage refused it (then it lasts as long as the page). */
let unsaved: boolean | null = null;

function read(): boolean {
  if (unsaved !== null) return unsaved;
  try {
    return localStorage.getItem(PLAY_ON_REVEAL_KEY) === '1';
  } catch {
    // Storage refused (a blocked origin): the default, off.
    return false;
  }
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab's change arrives as a storage event.
  const onStorage = (event: StorageEvent) => {
    if (event.key === PLAY_ON_REVEAL_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** Turns the setting on or off on this device; every review on the page (and in other tabs) follows. */
export function setPlayOnReveal(on: boolean): void {
  try {
    if (on) localStorage.setItem(PLAY_ON_REVEAL_KEY, '1');
    else localStorage.removeItem(PLAY_ON_REVEAL_KEY);
    unsaved = null;
  } catch {
    // Not kept on the device: it still holds on this page until it is left.
    unsaved = on;
  }
  for (const listener of listeners) listener();
}

/** Whether a card plays its recording when its answer is revealed (off unless chosen on this device). */
export function usePlayOnReveal(): boolean {
  return useSyncExternalStore(subscribe, read, () => false);
}
