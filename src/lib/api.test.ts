import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '@/test/fetch';
import { apiRequest, ApiError, onSessionEnded } from './api';
import { env } from './env';
import { loadAuth } from './supabase';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

const userToken = 'user-access-token';

function signedIn() {
  vi.spyOn(auth, 'getSession').mockResolvedValue({
    data: { session: { access_token: userToken } as never },
    error: null,
  });
  return vi.spyOn(auth, 'signOut').mockResolvedValue({ error: null });
}

const bearer = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('apiRequest', () => {
  beforeEach(() => {
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: null }, error: null });
  });

  it('answers a guest’s read with the reply preload-page.ts already asked for, once', async () => {
    const url = `${env.apiUrl}/content/getContentById/e-1`;
    window.jergaFirstRead = { url, response: Promise.resolve(json({ _id: 'e-1', title: 'early' })) };
    const fetchMock = stubFetch(() => json({ _id: 'e-1', title: 'asked again' }));
    // Another read first: not the one preloaded.
    await apiRequest('/content/getContentById/e-2');
    expect(await apiRequest('/content/getContentById/e-1')).toEqual({ _id: 'e-1', title: 'early' });
    expect(fetchMock.mock.calls.map(([called]) => String(called))).toEqual([`${env.apiUrl}/content/getContentById/e-2`]);
    expect(await apiRequest('/content/getContentById/e-1')).toEqual({ _id: 'e-1', title: 'asked again' });
    expect(window.jergaFirstRead).toBeUndefined();
  });

  it('never answers a learner’s read, or a write, with a guest’s preloaded reply', async () => {
    const url = `${env.apiUrl}/content/getContentById/e-1`;
    const early = { url, response: Promise.resolve(json({ title: 'as a guest' })) };
    const fetchMock = stubFetch(() => json({ title: 'from the server' }));
    window.jergaFirstRead = early;
    expect(await apiRequest('/content/getContentById/e-1', { method: 'POST', body: {} })).toEqual({ title: 'from the server' });
    signedIn();
    expect(await apiRequest('/content/getContentById/e-1')).toEqual({ title: 'from the server' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(window.jergaFirstRead).toBe(early);
    delete window.jergaFirstRead;
  });

  it('throws the error code, the field codes and retryAfter', async () => {
    stubFetch(() =>
      json(
        {
          success: false,
          code: 'guest_rate_limited',
          message: 'Guests can add only a few entries an hour. Please wait a while, or log in to add more.',
          retryAfter: 42,
        },
        429,
      ),
    );
    const error = await apiRequest('/content/addContent', { method: 'POST', body: {} }).catch((failure: unknown) => failure);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'guest_rate_limited', retryAfter: 42 });

    stubFetch(() =>
      json({ success: false, code: 'title_required', message: 'Please enter a title.', errors: { title: 'Please enter a title.' }, fieldCodes: { title: 'title_required' } }, 400),
    );
    const invalid = await apiRequest('/content/addContent', { method: 'POST', body: {} }).catch((failure: unknown) => failure);
    expect(invalid).toMatchObject({ code: 'title_required', fieldErrors: { title: 'Please enter a title.' }, fieldCodes: { title: 'title_required' } });
  });

  it('takes the wait from the Retry-After header when the body has none', async () => {
    stubFetch(
      () =>
        new Response(JSON.stringify({ success: false, code: 'rate_limited', message: 'Too many requests. Please wait a moment and try again.' }), {
          status: 429,
          headers: { 'Content-Type': 'application/json', 'Retry-After': '7' },
        }),
    );
    await expect(apiRequest('/tag/addTag', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'rate_limited', retryAfter: 7 });
  });

  it('a guest’s 401 is just an error: there is no session to drop', async () => {
    const signOut = vi.spyOn(auth, 'signOut');
    const fetchMock = stubFetch(() => json({ success: false, code: 'invalid_token', message: 'x' }, 401));
    await expect(apiRequest('/content/getContents')).rejects.toMatchObject({ code: 'invalid_token' });
    expect(signOut).not.toHaveBeenCalled();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('apiRequest with a session the server says has ended', () => {
  it('drops the local session, says so, and asks a read again as a guest', async () => {
    const signOut = signedIn();
    const ended = vi.fn();
    const unsubscribe = onSessionEnded(ended);
    const fetchMock = stubFetch((_url, init) =>
      bearer(init) === `Bearer ${userToken}`
        ? json({ success: false, code: 'session_ended', message: 'Your session has ended. Please log in again.' }, 401)
        : json({ data: [], nextCursor: null }),
    );
    await expect(apiRequest('/content/getContentsSortedByVoteDesc')).resolves.toEqual({ data: [], nextCursor: null });
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(ended).toHaveBeenCalledTimes(1);
    unsubscribe();
    expect(fetchMock.mock.calls.map(([, init]) => bearer(init!))).toEqual([`Bearer ${userToken}`, `Bearer ${env.supabaseAnonKey}`]);
  });

  it('does not repeat a write as a guest: it throws session_ended', async () => {
    const signOut = signedIn();
    const fetchMock = stubFetch(() => json({ success: false, code: 'session_ended', message: 'Your session has ended. Please log in again.' }, 401));
    await expect(apiRequest('/content/addContent', { method: 'POST', body: { title: 'x' } })).rejects.toMatchObject({
      status: 401,
      code: 'session_ended',
    });
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('leaves the session alone for other refusals (403 forbidden)', async () => {
    const signOut = signedIn();
    stubFetch(() => json({ success: false, code: 'forbidden', message: 'You do not have permission to do that.' }, 403));
    await expect(apiRequest('/content/deleteContent', { method: 'PUT', body: {} })).rejects.toMatchObject({ code: 'forbidden' });
    expect(signOut).not.toHaveBeenCalled();
  });

  it('renews a token the server found expired and asks again with the new one, a write too', async () => {
    const signOut = signedIn();
    const refresh = vi
      .spyOn(auth, 'refreshSession')
      .mockResolvedValue({ data: { session: { access_token: 'renewed-token' }, user: null }, error: null } as never);
    const fetchMock = stubFetch((_url, init) =>
      bearer(init) === 'Bearer renewed-token'
        ? json({ success: true, data: { _id: 't1', name: 'food' } }, 201)
        : json({ success: false, code: 'invalid_token', message: 'Your session has expired. Please log in again.' }, 401),
    );
    await expect(apiRequest('/tag/addTag', { method: 'POST', body: { name: 'food' } })).resolves.toMatchObject({ success: true });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(signOut).not.toHaveBeenCalled();
    expect(fetchMock.mock.calls.map(([, init]) => bearer(init!))).toEqual([`Bearer ${userToken}`, 'Bearer renewed-token']);
  });

  it('drops the session when an expired token cannot be renewed, and reads as a guest', async () => {
    const signOut = signedIn();
    vi.spyOn(auth, 'refreshSession').mockResolvedValue({ data: { session: null, user: null }, error: new Error('revoked') } as never);
    const fetchMock = stubFetch((_url, init) =>
      bearer(init) === `Bearer ${env.supabaseAnonKey}`
        ? json({ data: [], nextCursor: null })
        : json({ success: false, code: 'invalid_token', message: 'Your session has expired. Please log in again.' }, 401),
    );
    await expect(apiRequest('/content/getContentsSortedByVoteDesc')).resolves.toEqual({ data: [], nextCursor: null });
    expect(signOut).toHaveBeenCalledWith({ scope: 'local' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});

describe('apiRequest meant for one user (asUser)', () => {
  /** An access token as Auth signs one, for `sub` (the signature is not the client's to check). */
  const tokenOf = (sub: string) => `eyJhbGciOiJIUzI1NiJ9.${btoa(JSON.stringify({ sub, role: 'authenticated' })).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')}.signature`;
  const ANA = '00000000-0000-4000-8000-00000000000a';
  const BETO = '00000000-0000-4000-8000-00000000000b';
  const sessionOf = (token: string | null) =>
    vi.spyOn(auth, 'getSession').mockResolvedValue({ data: { session: token ? ({ access_token: token } as never) : null }, error: null });

  it('is sent with that user’s token', async () => {
    sessionOf(tokenOf(ANA));
    const fetchMock = stubFetch(() => json({ ok: true }));
    await expect(apiRequest('/flashcard/updateFlashcardReview/c1', { method: 'PUT', body: {}, asUser: ANA })).resolves.toEqual({ ok: true });
    expect(bearer(fetchMock.mock.calls[0][1]!)).toBe(`Bearer ${tokenOf(ANA)}`);
  });

  it('is never sent with someone else’s token, nor as a guest: 401 session_changed, nothing sent', async () => {
    const fetchMock = stubFetch(() => json({ ok: true }));
    sessionOf(tokenOf(BETO));
    await expect(apiRequest('/flashcard/updateFlashcardReview/c1', { method: 'PUT', body: {}, asUser: ANA })).rejects.toMatchObject({
      status: 401,
      code: 'session_changed',
    });
    vi.restoreAllMocks();
    sessionOf(null);
    await expect(apiRequest('/flashcard/updateFlashcardReview/c1', { method: 'PUT', body: {}, asUser: ANA })).rejects.toMatchObject({ code: 'session_changed' });
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
