import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { loadAuth } from '@/lib/supabase';
import { eventStream, makeChat, makeTurn } from '../test/chat-fixtures';
import { sendMessage } from './send-message';

const auth = await loadAuth();
const chat = makeChat();
const turn = makeTurn(chat, 'Hola', 'Hola, ¿qué tal?');
const request = { userId: 'u', chatId: chat._id, message: 'Hola', language: 'en' as const };
const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('sendMessage', () => {
  it('passes each delta on and resolves with the stored turn, events split across chunks included', async () => {
    const stream = eventStream();
    stubFetch(() => stream.response);
    const deltas: string[] = [];
    const done = sendMessage({ ...request, onDelta: (text) => deltas.push(text) });
    stream.send('delta', { text: 'Hola, ' });
    stream.send('delta', { text: '¿qué tal?' });
    stream.send('done', turn);
    stream.close();
    await expect(done).resolves.toEqual(turn);
    expect(deltas).toEqual(['Hola, ', '¿qué tal?']);
  });

  it('takes palabrotas’ JSON reply too (a server that does not stream): reply as text, the stored messages beside it', async () => {
    stubFetch(() => json({ reply: turn.reply.content, chatId: turn.chat._id, userMessage: turn.userMessage, assistantMessage: turn.reply, chat: turn.chat }));
    const deltas: string[] = [];
    await expect(sendMessage({ ...request, onDelta: (text) => deltas.push(text) })).resolves.toMatchObject({ reply: turn.reply });
    expect(deltas).toEqual([turn.reply.content]);
  });

  it('fails with the error event’s code, or tutor_unavailable for a stream cut short', async () => {
    let stream = eventStream();
    stubFetch(() => stream.response);
    const failed = sendMessage({ ...request, onDelta: () => {} });
    stream.send('error', { code: 'chat_not_found', message: 'Chat not found.' });
    await expect(failed).rejects.toMatchObject({ code: 'chat_not_found' });

    stream = eventStream();
    const cut = sendMessage({ ...request, onDelta: () => {} });
    stream.send('delta', { text: 'Hola' });
    stream.close();
    await expect(cut).rejects.toMatchObject({ status: 502, code: 'tutor_unavailable' });
  });

  it('throws the server’s ApiError (code, retryAfter) for a refusal before the stream', async () => {
    stubFetch(() => json({ success: false, code: 'tutor_rate_limited', message: 'Too quick', retryAfter: 12 }, 429));
    await expect(sendMessage({ ...request, onDelta: () => {} })).rejects.toMatchObject({ name: 'ApiError', status: 429, code: 'tutor_rate_limited', retryAfter: 12 });
  });

  it('renews an expired token once and sends again, as apiRequest does', async () => {
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: { access_token: 'old-token' } as never }, error: null });
    vi.spyOn(auth, 'refreshSession').mockResolvedValue({ data: { session: { access_token: 'new-token' } as never, user: null }, error: null });
    const stream = eventStream();
    const fetchMock = stubFetch((_url, init) =>
      bearer(init) === 'Bearer old-token' ? json({ success: false, code: 'invalid_token', message: 'x' }, 401) : stream.response,
    );
    const done = sendMessage({ ...request, onDelta: () => {} });
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    stream.send('done', turn);
    stream.close();
    await expect(done).resolves.toEqual(turn);
    expect(fetchMock.mock.calls.map(([, init]) => bearer(init!))).toEqual(['Bearer old-token', 'Bearer new-token']);
    expect((fetchMock.mock.calls[1][1]!.headers as Record<string, string>).Accept).toBe('text/event-stream');
  });

  it('drops a session the server says has ended, sending nothing again', async () => {
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: { access_token: 'user-token' } as never }, error: null });
    const signOut = vi.spyOn(auth, 'signOut').mockResolvedValue({ error: null });
    const fetchMock = stubFetch(() => json({ success: false, code: 'session_ended', message: 'Your session has ended.' }, 401));
    await expect(sendMessage({ ...request, onDelta: () => {} })).rejects.toMatchObject({ code: 'session_ended' });
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
