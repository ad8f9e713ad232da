import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuthSessionMissingError, type AuthChangeEvent } from '@supabase/supabase-js';
import { decodeJwt } from 'jose';
import { adminSql, closeAdminSql } from '../support/stack.ts';
import { authFetch, password, startAuthInstance, supabaseClient, uniqueEmail, type AuthInstance } from './support.ts';

afterAll(closeAdminSql);

async function refreshRaw(token: string, baseUrl?: string) {
  const url = baseUrl ? `${baseUrl}/auth/v1/token?grant_type=refresh_token` : undefined;
  const init = { method: 'POST', body: JSON.stringify({ refresh_token: token }) };
  const response = url
    ? await fetch(url, { ...init, headers: { 'content-type': 'application/json' } })
    : await authFetch('/token?grant_type=refresh_token', init);
  return { status: response.status, body: await response.json() };
}

describe('refresh tokens (POST /token?grant_type=refresh_token)', () => {
  it('rotates the refresh token and issues a new access token for the same session', async () => {
    const supabase = supabaseClient();
    const { data: signedUp } = await supabase.auth.signUp({ email: uniqueEmail('rotate'), password });
    const first = signedUp.session!;
    const { data, error } = await supabase.auth.refreshSession();
    expect(error).toBeNull();
    expect(data.session!.refresh_token).not.toBe(first.refresh_token);
    expect(decodeJwt(data.session!.access_token).session_id).toBe(decodeJwt(first.access_token).session_id);
    const [row] = await adminSql()`select revoked, parent from auth.refresh_tokens where token = ${data.session!.refresh_token}`;
    expect(row).toEqual({ revoked: false, parent: first.refresh_token });
  });

  it('answers an unknown token with 400 refresh_token_not_found', async () => {
    const { error } = await supabaseClient().auth.refreshSession({ refresh_token: 'nosuchtoken12345' });
    expect(error).toMatchObject({ status: 400, code: 'refresh_token_not_found' });
  });

  it('lets a just-rotated token be reused within the 10 s window, returning the active child', async () => {
    const { data } = await supabaseClient().auth.signUp({ email: uniqueEmail('reuse'), password });
    const parent = data.session!.refresh_token;
    const child = await refreshRaw(parent);
    expect(child.status).toBe(200);
    // A second tab that lost the race presents the parent again: it gets the same child back.
    const again = await refreshRaw(parent);
    expect(again.status).toBe(200);
    expect(again.body.refresh_token).toBe(child.body.refresh_token);
    expect(again.body.user.id).toBe(data.user!.id);
  });

  describe('after the reuse window (a separate instance with a movable clock)', () => {
    let instance: AuthInstance;
    beforeAll(async () => {
      instance = await startAuthInstance();
    });
    afterAll(() => instance.close());

    it('refuses the old token with refresh_token_already_used and revokes the whole family', async () => {
      const supabase = supabaseClient({ url: instance.url });
      const { data } = await supabase.auth.signUp({ email: uniqueEmail('theft'), password });
      const parent = data.session!.refresh_token;
      const child = await refreshRaw(parent, instance.url);
      expect(child.status).toBe(200);

      instance.advance(11);
      const reused = await supabaseClient({ url: instance.url }).auth.refreshSession({ refresh_token: parent });
      expect(reused.error).toMatchObject({ status: 400, code: 'refresh_token_already_used', message: 'Invalid Refresh Token: Already Used' });

      // The child was revoked with its family: it no longer refreshes either.
      instance.advance(11);
      const stolen = await refreshRaw(child.body.refresh_token, instance.url);
      expect(stolen.status).toBe(400);
      expect(stolen.body.code).toBe('refresh_token_already_used');
    });

    it('answers an expired access token with 403 bad_jwt, and the refresh token still works', async () => {
      const supabase = supabaseClient({ url: instance.url });
      const { data } = await supabase.auth.signUp({ email: uniqueEmail('expired'), password });
      instance.advance(3601);
      try {
        const response = await fetch(`${instance.url}/auth/v1/user`, {
          headers: { authorization: `Bearer ${data.session!.access_token}` },
        });
        expect(response.status).toBe(403);
        expect(await response.json()).toMatchObject({ code: 'bad_jwt' });
        expect((await refreshRaw(data.session!.refresh_token, instance.url)).status).toBe(200);
      } finally {
        instance.advance(-3601);
      }
    });

    it('refreshes from getSession() when the stored session is about to expire', async () => {
      const supabase = supabaseClient({ url: instance.url });
      const events: AuthChangeEvent[] = [];
      supabase.auth.onAuthStateChange((event) => void events.push(event));
      await supabase.auth.signUp({ email: uniqueEmail('soon'), password });
      // Move the server's clock back so the session it issues now expires within auth-js's 90 s margin.
      instance.advance(-3550);
      const { data: shortLived } = await supabase.auth.refreshSession();
      instance.advance(3550);
      expect(shortLived.session!.expires_at! - Date.now() / 1000).toBeLessThan(90);
      const { data: current } = await supabase.auth.getSession();
      expect(current.session!.refresh_token).not.toBe(shortLived.session!.refresh_token);
      expect(current.session!.expires_at! - Date.now() / 1000).toBeGreaterThan(3500);
      expect(events.filter((event) => event === 'TOKEN_REFRESHED')).toHaveLength(2);
    });
  });
});

describe('sign-out (POST /logout)', () => {
  async function twoSessions() {
    const email = uniqueEmail('logout');
    const a = supabaseClient();
    const { data } = await a.auth.signUp({ email, password });
    const b = supabaseClient();
    const { data: second } = await b.auth.signInWithPassword({ email, password });
    return { a, b, aSession: data.session!, bSession: second.session! };
  }

  it('global (the default) ends every session of the user', async () => {
    const { a, b, aSession } = await twoSessions();
    expect((await a.auth.signOut()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).toBeNull();

    const old = await authFetch('/user', { token: aSession.access_token });
    expect(old.status).toBe(403);
    expect(await old.json()).toMatchObject({ code: 'session_not_found' });
    const { data, error } = await b.auth.getUser();
    expect(data.user).toBeNull();
    expect(error).toBeInstanceOf(AuthSessionMissingError);
    // getUser dropped the dead session locally too.
    expect((await b.auth.getSession()).data.session).toBeNull();

    const refresh = await refreshRaw(aSession.refresh_token);
    expect(refresh).toMatchObject({ status: 400, body: { code: 'refresh_token_not_found' } });
  });

  it('local ends only this session', async () => {
    const { a, b, aSession } = await twoSessions();
    expect((await a.auth.signOut({ scope: 'local' })).error).toBeNull();
    expect((await authFetch('/user', { token: aSession.access_token })).status).toBe(403);
    expect((await b.auth.getUser()).error).toBeNull();
  });

  it('others ends every other session and keeps this one', async () => {
    const { a, b, bSession } = await twoSessions();
    expect((await a.auth.signOut({ scope: 'others' })).error).toBeNull();
    expect((await a.auth.getUser()).error).toBeNull();
    expect((await a.auth.getSession()).data.session).not.toBeNull();
    expect((await authFetch('/user', { token: bSession.access_token })).status).toBe(403);
    expect((await b.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
  });

  it('answers 204 with no body, and 401 without a bearer', async () => {
    const { aSession } = await twoSessions();
    const response = await authFetch('/logout?scope=local', { method: 'POST', token: aSession.access_token });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe('');
    const none = await authFetch('/logout', { method: 'POST', headers: { authorization: '' } });
    expect(none.status).toBe(401);
  });
});

describe('onAuthStateChange', () => {
  it('reports INITIAL_SESSION, SIGNED_IN, TOKEN_REFRESHED, USER_UPDATED and SIGNED_OUT in order', async () => {
    const email = uniqueEmail('events');
    await supabaseClient().auth.signUp({ email, password });

    const supabase = supabaseClient();
    const events: { event: AuthChangeEvent; user: string | null }[] = [];
    const initial = new Promise<void>((resolve) => {
      supabase.auth.onAuthStateChange((event, session) => {
        events.push({ event, user: session?.user.email ?? null });
        if (event === 'INITIAL_SESSION') resolve();
      });
    });
    await initial;
    await supabase.auth.signInWithPassword({ email, password });
    await supabase.auth.refreshSession();
    await supabase.auth.updateUser({ data: { name: 'Events' } });
    await supabase.auth.signOut();

    const lower = email.toLowerCase();
    expect(events).toEqual([
      { event: 'INITIAL_SESSION', user: null },
      { event: 'SIGNED_IN', user: lower },
      { event: 'TOKEN_REFRESHED', user: lower },
      { event: 'USER_UPDATED', user: lower },
      { event: 'SIGNED_OUT', user: null },
    ]);
  });
});
