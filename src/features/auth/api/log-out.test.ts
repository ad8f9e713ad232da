import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '@supabase/auth-js';
import { stubFetch } from '@/test/fetch';
import { authStorageKey, loadAuth } from '@/lib/supabase';
import { logOut } from './log-out';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('logOut', () => {
  it('ends the session once, in Supabase Auth, without a second sign-out through /api', async () => {
    const fetchMock = stubFetch();
    const signOut = vi.spyOn(auth, 'signOut').mockResolvedValue({ error: null });
    await logOut();
    expect(signOut).toHaveBeenCalledTimes(1);
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname)).not.toContain('/api/auth/logout');
  });

  it('keeps the user logged in and throws when Auth cannot end the session', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    vi.spyOn(auth, 'signOut').mockResolvedValue({ error: new AuthError('Failed to fetch') });
    await expect(logOut()).rejects.toThrow('Failed to fetch');
    expect(console.error).toHaveBeenCalledWith('Logout failed', expect.any(AuthError));
  });
});

describe('logOut without Auth', () => {
  /** A session stored as auth-js stores it, for the real client to find. */
  function storeSession(): void {
    const now = Math.floor(Date.now() / 1000);
    const user = { id: 'u-1', aud: 'authenticated', app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };
    localStorage.setItem(authStorageKey, JSON.stringify({ access_token: 'a.b.c', refresh_token: 'r', expires_in: 3600, expires_at: now + 3600, token_type: 'bearer', user }));
  }

  it('offline, forgets the session on this device without asking Auth, and the app hears SIGNED_OUT', async () => {
    storeSession();
    const fetchMock = stubFetch();
    const signOut = vi.spyOn(auth, 'signOut');
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const events: string[] = [];
    const { data } = auth.onAuthStateChange((event) => void events.push(event));
    await logOut();
    data.subscription.unsubscribe();
    expect(localStorage.getItem(authStorageKey)).toBeNull();
    expect(events).toContain('SIGNED_OUT');
    expect(signOut).not.toHaveBeenCalled();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('when Auth cannot be reached, forgets the session here as well', async () => {
    storeSession();
    const unreachable = Object.assign(new AuthError('Failed to fetch'), { name: 'AuthRetryableFetchError' });
    vi.spyOn(auth, 'signOut').mockResolvedValue({ error: unreachable });
    await logOut();
    expect(localStorage.getItem(authStorageKey)).toBeNull();
  });
});
