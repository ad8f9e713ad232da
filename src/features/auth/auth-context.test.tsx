import type { AuthChangeEvent, Session } from '@supabase/auth-js';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadAuth } from '@/lib/supabase';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { testUser } from '@/test/render';
import { AuthProvider, useAuth } from './auth-context';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

const session = {
  access_token: 'token',
  refresh_token: 'refresh',
  expires_in: 3600,
  expires_at: Math.floor(Date.now() / 1000) + 3600,
  token_type: 'bearer',
  user: { id: testUser._id, email: testUser.email, user_metadata: { name: 'Name In Token' }, app_metadata: {}, aud: 'authenticated', created_at: '' },
} as unknown as Session;

let emit: (event: AuthChangeEvent, session: Session | null) => void;
let stored: Session | null;

beforeEach(() => {
  stored = null;
  vi.spyOn(auth, 'getSession').mockImplementation(async () => ({ data: { session: stored }, error: null }) as never);
  vi.spyOn(auth, 'onAuthStateChange').mockImplementation((callback) => {
    emit = (event, next) => void callback(event, next);
    return { data: { subscription: { id: '1', callback, unsubscribe: () => {} } } } as never;
  });
  vi.spyOn(auth, 'signOut').mockResolvedValue({ error: null });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function Probe() {
  const { isLoading, isLoggedIn, user } = useAuth();
  return <p>{isLoading ? 'loading' : isLoggedIn ? `in as ${user?.name}${user?.isAdmin ? ' (admin)' : ''}` : 'out'}</p>;
}

function renderProvider(queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  return render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Probe />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

describe('auth state (spec §4)', () => {
  it('starts loading, then is logged out without a session (and asks no one)', async () => {
    const fetchMock = stubFetch();
    renderProvider();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('out')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('is logged in with the user /api/auth/getUser returns, not the token’s metadata', async () => {
    stored = session;
    const fetchMock = stubFetch(() => json({ user: { ...testUser, isAdmin: true } }));
    renderProvider();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('in as Lucía (admin)')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/auth/getUser');
    expect((call.init.headers as Record<string, string>).Authorization).toBe('Bearer token');
  });

  it('is logged out when getUser returns no user, and forgets the dead session', async () => {
    stored = session;
    stubFetch(() => json({ user: null }));
    renderProvider();
    expect(await screen.findByText('out')).toBeInTheDocument();
    expect(auth.signOut).toHaveBeenCalledWith({ scope: 'local' });
  });

  it('follows supabase-js: signed in (e.g. in another tab), then signed out', async () => {
    stubFetch(() => json({ user: testUser }));
    renderProvider();
    expect(await screen.findByText('out')).toBeInTheDocument();
    stored = session;
    act(() => emit('SIGNED_IN', session));
    expect(await screen.findByText('in as Lucía')).toBeInTheDocument();
    stored = null;
    act(() => emit('SIGNED_OUT', null));
    expect(await screen.findByText('out')).toBeInTheDocument();
  });

  it('drops, once signed out, every cached reply no page shows any more (the learner’s chats, lists), not just the auth ones', async () => {
    stubFetch(() => json({ user: testUser }));
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    stored = session;
    renderProvider(queryClient);
    expect(await screen.findByText('in as Lucía')).toBeInTheDocument();
    // Read by pages the learner has left: no observer any more.
    queryClient.setQueryData(['chats', testUser._id], [{ _id: 'c1', title: 'Mi chat' }]);
    queryClient.setQueryData(['flashcards', 'due', testUser._id], { cards: [], total: 0 });
    stored = null;
    act(() => emit('SIGNED_OUT', null));
    expect(await screen.findByText('out')).toBeInTheDocument();
    await vi.waitFor(() => expect(queryClient.getQueryCache().getAll().map((query) => query.queryKey)).toEqual([]));
  });
});
