import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { rememberChosenTimeZone, useTimeZoneSync } from './use-time-zone-sync';

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const otherZone = browserZone === 'Pacific/Auckland' ? 'Europe/Madrid' : 'Pacific/Auckland';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('useTimeZoneSync', () => {
  it('gives the profile the browser’s zone once per sign-in', async () => {
    const fetchMock = stubFetch(() => json({ user: makeUser({ timeZone: browserZone }) }));
    renderHook(() => useTimeZoneSync(makeUser({ timeZone: otherZone })), { wrapper });
    await waitFor(() => expect(callsTo(fetchMock, '/user/update')).toHaveLength(1));
    expect(callsTo(fetchMock, '/user/update')[0].body).toEqual({ timeZone: browserZone });
  });

  it('keeps a zone the learner picked by hand', async () => {
    const fetchMock = stubFetch(() => json({ user: makeUser() }));
    const user = makeUser({ timeZone: otherZone });
    rememberChosenTimeZone(user._id, otherZone);
    renderHook(() => useTimeZoneSync(user), { wrapper });
    // Give an update the chance to go out, then check that none did.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(callsTo(fetchMock, '/user/update')).toHaveLength(0);
  });
});
