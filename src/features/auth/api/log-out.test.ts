import { afterEach, describe, expect, it, vi } from 'vitest';
import { AuthError } from '@supabase/auth-js';
import { stubFetch } from '@/test/fetch';
import { loadAuth } from '@/lib/supabase';
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
