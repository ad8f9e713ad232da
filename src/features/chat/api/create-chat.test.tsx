import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { useCreateChat } from './create-chat';

afterEach(() => {
  vi.unstubAllGlobals();
});

const userId = '00000000-0000-4000-8000-000000000001';

function startChat() {
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>;
  return renderHook(() => useCreateChat(userId), { wrapper }).result;
}

const reply = (title: string) =>
  json({ _id: 'c1', userId, title, createdAt: '2026-11-20T10:00:00Z', updatedAt: '2026-11-20T10:00:00Z', messages: [] }, 201);

describe('a new chat’s default title', () => {
  it('is left to the server ("New Chat") in English', async () => {
    const fetchMock = stubFetch(() => reply('New Chat'));
    const created = startChat();
    act(() => created.current.mutate());
    await waitFor(() => expect(created.current.data?.title).toBe('New Chat'));
    expect(callsTo(fetchMock, '/chat/new')[0].body).toEqual({ userId });
  });

  it('is "Nuevo chat" in Spanish, which the server titles by the first question like "New Chat"', async () => {
    await act(() => i18n.changeLanguage('es'));
    const fetchMock = stubFetch(() => reply('Nuevo chat'));
    const created = startChat();
    act(() => created.current.mutate());
    await waitFor(() => expect(created.current.data?.title).toBe('Nuevo chat'));
    expect(callsTo(fetchMock, '/chat/new')[0].body).toEqual({ userId, title: 'Nuevo chat' });
  });
});
