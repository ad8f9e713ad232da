import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { profileLanguage, useLanguageSync } from './use-language-sync';

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;
}

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

const sent = (fetchMock: ReturnType<typeof stubFetch>) => callsTo(fetchMock, '/user/update').map((call) => call.body as unknown);

describe('useLanguageSync', () => {
  it('names the app’s languages as the profile does', () => {
    expect(profileLanguage('en-US')).toBe('en');
    expect(profileLanguage('es')).toBe('es');
    expect(profileLanguage(undefined)).toBe('en');
  });

  it('gives the profile the app’s language on sign-in when it differs', async () => {
    await i18n.changeLanguage('es');
    const fetchMock = stubFetch(() => json({ user: makeUser({ language: 'es' }) }));
    renderHook(() => useLanguageSync(makeUser({ language: 'en' })), { wrapper });
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ language: 'es' }]));
  });

  it('sends nothing on sign-in when they agree, then each switch the learner makes', async () => {
    const fetchMock = stubFetch((_url, init) => json({ user: makeUser(JSON.parse(String(init.body)) as object) }));
    renderHook(() => useLanguageSync(makeUser({ language: 'en' })), { wrapper });
    await act(() => i18n.changeLanguage('es'));
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ language: 'es' }]));
    await act(() => i18n.changeLanguage('en-US'));
    await waitFor(() => expect(sent(fetchMock)).toEqual([{ language: 'es' }, { language: 'en' }]));
  });

  it('sends nothing for a guest', async () => {
    const fetchMock = stubFetch(() => json({}));
    renderHook(() => useLanguageSync(null), { wrapper });
    await act(() => i18n.changeLanguage('es'));
    expect(sent(fetchMock)).toEqual([]);
  });
});
