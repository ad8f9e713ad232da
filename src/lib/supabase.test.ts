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
