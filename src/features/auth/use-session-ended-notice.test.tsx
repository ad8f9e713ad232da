import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/toasts';
import { endLocalSession } from '@/lib/api';
import { loadAuth } from '@/lib/supabase';
import { useSessionEndedNotice } from './use-session-ended-notice';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

function Shell() {
  useSessionEndedNotice();
  return null;
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('useSessionEndedNotice', () => {
  it('says once that the session has ended, however many requests noticed', async () => {
    vi.spyOn(auth, 'signOut').mockResolvedValue({ error: null });
    render(
      <ToastProvider>
        <Shell />
      </ToastProvider>,
    );
    await act(async () => {
      await Promise.all([endLocalSession(), endLocalSession()]);
    });
    expect(screen.getAllByText('Your session has ended. Please log in again.')).toHaveLength(1);
  });
});
