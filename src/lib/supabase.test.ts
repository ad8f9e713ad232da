import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// Each test gets a fresh copy of the module: whether Supabase Auth is loaded is module state.
async function freshModule() {
  vi.resetModules();
  return import('./supabase');
}

beforeEach(() => {
  window.localStorage.clear();
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('Supabase Auth on demand', () => {
  it('a first visit with no session says "no session" at once and loads nothing', async () => {
    const { mayHaveSession, watchSession } = await freshModule();
    const changes: unknown[] = [];
    const stop = watchSession((session) => changes.push(session));
    expect(mayHaveSession()).toBe(false);
    expect(changes).toEqual([null]);
    stop();
  });

  it('a stored session, or one arriving in the URL after Google, means Auth is needed', async () => {
    const first = await freshModule();
    window.localStorage.setItem(first.authStorageKey, '{}');
    expect(first.mayHaveSession()).toBe(true);

    window.localStorage.clear();
    window.history.replaceState(null, '', '/#access_token=abc&refresh_token=def&token_type=bearer');
    expect((await freshModule()).mayHaveSession()).toBe(true);

    window.history.replaceState(null, '', '/?error=access_denied&error_description=Denied');
    expect((await freshModule()).mayHaveSession()).toBe(true);
  });

  it('once a login loads Auth, a watcher that started without a session follows it', async () => {
    const { loadAuth, mayHaveSession, watchSession } = await freshModule();
    const changes: unknown[] = [];
    const stop = watchSession((session) => changes.push(session));
    expect(changes).toEqual([null]);
    const auth = await loadAuth();
    expect(mayHaveSession()).toBe(true);
    await vi.waitFor(() => expect(changes.length).toBeGreaterThan(1));
    expect(changes.every((session) => session === null)).toBe(true);
    expect(await loadAuth()).toBe(auth); // one client for the page
    stop();
  });

  it('another tab storing a session loads Auth in this one', async () => {
    const { authStorageKey, mayHaveSession, watchSession } = await freshModule();
    const stop = watchSession(() => {});
    window.dispatchEvent(new StorageEvent('storage', { key: authStorageKey, newValue: '{}' }));
    await vi.waitFor(() => expect(mayHaveSession()).toBe(true));
    stop();
  });
});

describe('signed out in another tab', () => {
  it('is signed out here at once, even while this tab still reads the session that tab removed', async () => {
    const { authStorageKey, watchSession } = await freshModule();
    const now = Math.floor(Date.now() / 1000);
    const user = { id: '00000000-0000-4000-8000-000000000001', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
    // The other tab's removal has not reached this tab's storage yet.
    window.localStorage.setItem(authStorageKey, JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r', token_type: 'bearer', expires_in: 3600, expires_at: now + 3600, user }));
    const changes: ({ access_token: string } | null)[] = [];
    const stop = watchSession((session) => changes.push(session));
    await vi.waitFor(() => expect(changes.at(-1)?.access_token).toBe('a.b.c'));
    // What auth-js in the other tab announces on its logout (its BroadcastChannel, named by the storage key).
    const otherTab = new BroadcastChannel(authStorageKey);
    otherTab.postMessage({ event: 'SIGNED_OUT', session: null });
    await vi.waitFor(() => expect(changes.at(-1)).toBeNull());
    otherTab.close();
    stop();
  });
});

describe('a session whose token expired while offline', () => {
  const expiredSession = () => ({
    access_token: 'expired-access-token',
    refresh_token: 'refresh-token',
    token_type: 'bearer',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) - 60,
    user: { id: '00000000-0000-4000-8000-000000000001', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' },
  });

  it('keeps the learner signed in when the refresh cannot reach Auth, without waiting for its retries', async () => {
    const { authStorageKey, currentAccessToken, watchSession } = await freshModule();
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.localStorage.setItem(authStorageKey, JSON.stringify(expiredSession()));
    const refresh = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    vi.stubGlobal('fetch', refresh);
    vi.spyOn(console, 'error').mockImplementation(() => {}); // auth-js reports the failed refresh
    const changes: ({ access_token: string } | null)[] = [];
    const stop = watchSession((session) => changes.push(session));
    await vi.waitFor(() => expect(changes.length).toBeGreaterThan(0));
    await vi.waitFor(() => expect(refresh).toHaveBeenCalled());
    expect(changes.every((session) => session?.access_token === 'expired-access-token')).toBe(true);
    expect(await currentAccessToken()).toBe('expired-access-token');
    expect(window.localStorage.getItem(authStorageKey)).not.toBeNull();
    stop();
    vi.unstubAllGlobals();
  });

  it('signs out when Auth refuses the refresh token', async () => {
    const { authStorageKey, currentAccessToken, watchSession } = await freshModule();
    window.localStorage.setItem(authStorageKey, JSON.stringify(expiredSession()));
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: 400, error_code: 'refresh_token_not_found', msg: 'Invalid Refresh Token' }), { status: 400, headers: { 'Content-Type': 'application/json' } })),
    );
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const changes: unknown[] = [];
    const stop = watchSession((session) => changes.push(session));
    await vi.waitFor(() => expect(changes).toContain(null));
    expect(await currentAccessToken()).toBeNull();
    expect(window.localStorage.getItem(authStorageKey)).toBeNull();
    stop();
    vi.unstubAllGlobals();
  });
});
