import type { GoTrueClient as AuthClient, Session } from '@supabase/auth-js';
import { env } from './env';

const baseUrl = new URL(env.supabaseUrl.endsWith('/') ? env.supabaseUrl : `${env.supabaseUrl}/`);

/** Where Supabase Auth keeps the session in localStorage (supabase-js's default name). */
export const authStorageKey = `sb-${baseUrl.hostname.split('.')[0]}-auth-token`;

let loading: Promise<AuthClient> | undefined;
let loaded: AuthClient | undefined;
const whenLoaded = new Set<(auth: AuthClient) => void>();

/**
 * Supabase Auth, downloaded the first time something needs it: a session to read (stored,
 * or arriving in the URL after Google), a login or registration. A first visit with no
 * session never downloads it, which keeps the home page's JavaScript small.
 */
export function loadAuth(): Promise<AuthClient> {
  loading ??= import('./auth-client').then(
    ({ createAuthClient }) => {
      loaded = createAuthClient(new URL('auth/v1', baseUrl).href, env.supabaseAnonKey, authStorageKey);
      for (const listener of whenLoaded) listener(loaded);
      whenLoaded.clear();
      return loaded;
    },
    (error: unknown) => {
      loading = undefined; // a failed download (offline) is tried again next time
      throw error;
    },
  );
  return loading;
}

/**
 * Forgets the session stored on this device without telling Auth, which cannot be reached
 * (offline): the stored session, its user and code verifier go, and SIGNED_OUT reaches every
 * tab. auth-js offers no public way to (signOut must reach Auth first, and offline it first
 * retries an expired token's renewal for half a minute), so its own removal runs; the version
 * is pinned, and log-out.test.ts runs this against the real client.
 */
export async function forgetSessionHere(): Promise<void> {
  const auth = (await loadAuth()) as unknown as { _removeSession(): Promise<void> };
  await auth._removeSession();
}

/**
 * What Auth sent back in the URL (after Google, or a mailed link), read once at load before
 * auth-js tidies it away: the fragment's and query's parameters, fragment first.
 */
const fragment = new URLSearchParams(window.location.hash.slice(1));
const query = new URLSearchParams(window.location.search);
export const authResult = (name: string): string | null => fragment.get(name) ?? query.get(name);

/** This page load carries a session or an error from Auth (implicit flow). */
export const arrivedWithAuthResult = fragment.has('access_token') || authResult('error_description') !== null;

/**
 * This page load follows a link from one of Auth's mails (its `type`, or an e-mail change's
 * message), not a return from Google: its own page reads the result.
 */
export const arrivedFromMailLink =
  ['recovery', 'signup', 'email_change', 'invite', 'magiclink'].includes(fragment.get('type') ?? '') ||
  fragment.has('message') ||
  window.location.pathname === '/reset-password';

/** Auth's `error_code` when Google's sign-in came back refused (e.g. `email_exists`), else null. */
export const authResultErrorCode: string | null = arrivedWithAuthResult ? authResult('error_code') : null;

function sessionIsStored(): boolean {
  try {
    return window.localStorage.getItem(authStorageKey) !== null;
  } catch {
    return false; // storage blocked: auth-js could not have stored one either
  }
}

/** The session auth-js keeps in localStorage, as stored (null when none, or not one). */
function storedSession(): Session | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(authStorageKey) ?? 'null') as Partial<Session> | null;
    return stored && typeof stored.access_token === 'string' && typeof stored.refresh_token === 'string' && stored.user ? (stored as Session) : null;
  } catch {
    return null;
  }
}

/**
 * auth-js answers "no session" whenever an expired access token could not be renewed, but
 * removes the stored session only when Auth refused the refresh token (or on sign-out). A
 * refresh that failed for want of a network (offline, Auth out of reach) leaves it stored:
 * the learner stays signed in, on the stored session, until a refresh succeeds.
 */
const keptSession = (session: Session | null): Session | null => session ?? storedSession();

/**
 * Offline, auth-js would retry an expired token's refresh for up to half a minute before
 * answering: the stored session is used at once instead (requests fail, or the service
 * worker answers them, either way without waiting for Auth).
 */
const sessionWhileOffline = (): Session | null => (navigator.onLine === false ? storedSession() : null);

/** False when there can be no session, so nothing needs Supabase Auth yet. */
export function mayHaveSession(): boolean {
  // The URL was read once, at load: auth-js tidies it away, and by then Auth is loaded anyway.
  return loaded !== undefined || sessionIsStored() || arrivedWithAuthResult;
}

/** The signed-in learner's access token, or null (nothing is downloaded when there can be none). */
export async function currentAccessToken(): Promise<string | null> {
  if (!mayHaveSession()) return null;
  const offline = sessionWhileOffline();
  if (offline) return offline.access_token;
  const { data } = await (await loadAuth()).getSession();
  return keptSession(data.session)?.access_token ?? null;
}

/** The signed-in learner's id, or null: the session currentAccessToken reads. */
export async function currentUserId(): Promise<string | null> {
  if (!mayHaveSession()) return null;
  const offline = sessionWhileOffline();
  if (offline) return offline.user.id;
  const { data } = await (await loadAuth()).getSession();
  return keptSession(data.session)?.user.id ?? null;
}

/**
 * Follows the session: `onChange(null)` at once when there can be none (nothing is
 * downloaded), and every change from the moment Supabase Auth is loaded, by this tab (a
 * login) or because another tab stored a session. Returns the unsubscribe.
 */
export function watchSession(onChange: (session: Session | null) => void): () => void {
  let active = true;
  let unsubscribe = () => {};
  const attach = (auth: AuthClient) => {
    if (!active) return;
    const offline = sessionWhileOffline();
    if (offline) onChange(offline);
    auth.getSession().then(
      ({ data }) => active && onChange(keptSession(data.session)),
      () => active && onChange(null),
    );
    // Also fires for changes made in other tabs. SIGNED_OUT is final: another tab's logout can
    // reach this one before its removal of the stored session does, which must not keep it.
    const { data } = auth.onAuthStateChange((event, session) => active && onChange(event === 'SIGNED_OUT' ? null : keptSession(session)));
    unsubscribe = () => data.subscription.unsubscribe();
  };
  // Another tab logged in before this one loaded Auth.
  const onStorage = (event: StorageEvent) => {
    if (event.key === authStorageKey && event.newValue) loadAuth().catch(() => {});
  };
  if (loaded) {
    attach(loaded);
  } else {
    whenLoaded.add(attach);
    window.addEventListener('storage', onStorage);
    if (mayHaveSession()) loadAuth().catch(() => active && onChange(null));
    else onChange(null);
  }
  return () => {
    active = false;
    whenLoaded.delete(attach);
    window.removeEventListener('storage', onStorage);
    unsubscribe();
  };
}
