// The browser's side of Web Push: whether it can, its service worker's subscription, and
// subscribing with the server's key. No React here.

/** Push needs a service worker, the Push API and notifications (Safari on iOS: only when installed). */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** Why turning push on did not happen. */
export type PushFailure = 'denied' | 'dismissed' | 'unavailable' | 'subscribe_failed';

export class PushSetupError extends Error {
  readonly reason: PushFailure;
  constructor(reason: PushFailure) {
    super(`push setup: ${reason}`);
    this.name = 'PushSetupError';
    this.reason = reason;
  }
}

function fromBase64url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

function sameKey(key: ArrayBuffer | null, publicKey: string): boolean {
  if (!key) return false;
  const wanted = fromBase64url(publicKey);
  const held = new Uint8Array(key);
  return held.length === wanted.length && held.every((byte, i) => byte === wanted[i]);
}

/**
 * The app's service worker once it is active; undefined where none was registered (the dev
 * server runs without one), so push cannot work there.
 */
async function activeWorker(): Promise<ServiceWorkerRegistration | undefined> {
  if (!(await navigator.serviceWorker.getRegistration())) return undefined;
  return navigator.serviceWorker.ready;
}

/** This browser's current push subscription, if any. */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/**
 * This browser's subscription for the server's key: the one it has when made with that key,
 * else a new one (one made with an older key is dropped first). Throws PushSetupError.
 */
export async function subscribeBrowser(publicKey: string): Promise<PushSubscription> {
  const registration = await activeWorker();
  if (!registration) throw new PushSetupError('unavailable');
  const existing = await registration.pushManager.getSubscription();
  if (existing && sameKey(existing.options.applicationServerKey, publicKey)) return existing;
  await existing?.unsubscribe();
  try {
    return await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: fromBase64url(publicKey) });
  } catch {
    throw new PushSetupError('subscribe_failed');
  }
}
