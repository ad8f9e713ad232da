import { afterAll, describe, expect, it } from 'vitest';
import { decodeJwt } from 'jose';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { openGooglePage, password, signInOnGooglePage, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

const redirectTo = 'http://localhost:5173/auth/callback';

describe('Google sign-in through the local stand-in page', () => {
  it('shows a labelled sign-in page that says it is the local stand-in', async () => {
    const { data } = await supabaseClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo, skipBrowserRedirect: true },
    });
    expect(data.url).toBe(`${stack().apiUrl}/auth/v1/authorize?provider=google&redirect_to=${encodeURIComponent(redirectTo)}`);
    const followed = await fetch(data.url!);
    expect(followed.status).toBe(200);
    expect(followed.headers.get('content-type')).toMatch(/text\/html/);
    const { html, action, hidden } = await openGooglePage(data.url!);
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="name">Name<\/label>/);
    expect(html).toMatch(/<button type="submit" name="action" value="continue">Continue<\/button>/);
    expect(html).toMatch(/local Google stand-in/);
    // Continue is the form's first button, so Enter in a field continues rather than cancels.
    expect(html.indexOf('>Continue</button>')).toBeLessThan(html.indexOf('>Cancel</button>'));
    expect(action).toBe(`${stack().apiUrl}/auth/v1/local-google/authorize`);
    expect(Object.keys(hidden).sort()).toEqual(['redirect_uri', 'state']);
  });

  it('implicit flow: redirects back with the session in the fragment and creates a google user', async () => {
    const supabase = supabaseClient();
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const email = uniqueEmail('google');
    const back = await signInOnGooglePage(data.url!, { email, name: 'Gabriela Gómez' });
    expect(`${back.origin}${back.pathname}`).toBe(redirectTo);
    const fragment = new URLSearchParams(back.hash.slice(1));
    expect([...fragment.keys()]).toEqual(['access_token', 'expires_at', 'expires_in', 'provider_token', 'refresh_token', 'token_type']);
    expect(fragment.get('token_type')).toBe('bearer');
    expect(fragment.get('expires_in')).toBe('3600');
    expect(decodeJwt(fragment.get('access_token')!).amr).toEqual([{ method: 'oauth', timestamp: expect.any(Number) }]);

    const events: string[] = [];
    supabase.auth.onAuthStateChange((event) => void events.push(event));
    const { error } = await supabase.auth.setSession({
      access_token: fragment.get('access_token')!,
      refresh_token: fragment.get('refresh_token')!,
    });
    expect(error).toBeNull();
    const { data: current } = await supabase.auth.getUser();
    const user = current.user!;
    expect(user.email).toBe(email.toLowerCase());
    expect(user.app_metadata).toEqual({ provider: 'google', providers: ['google'] });
    expect(user.user_metadata).toMatchObject({
      name: 'Gabriela Gómez',
      full_name: 'Gabriela Gómez',
      email: email.toLowerCase(),
      avatar_url: '',
      email_verified: false,
      local_stand_in: true,
    });
    expect(user.identities).toEqual([expect.objectContaining({ provider: 'google', email: email.toLowerCase() })]);
    expect(events).toContain('SIGNED_IN');

    const [profile] = await adminSql()`select name, last_login from public.profiles where id = ${user.id}`;
    expect(profile.name).toBe('Gabriela Gómez');
    expect(profile.last_login).toBeInstanceOf(Date);
    const identities = await adminSql()`select provider, provider_id from auth.identities where user_id = ${user.id}`;
    expect(identities).toEqual([{ provider: 'google', provider_id: expect.stringMatching(/^\d{21}$/) }]);

    // The same Google account signs in to the same user next time.
    const again = await signInOnGooglePage(
      (await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } })).data.url!,
      { email, name: 'Gabriela Gómez' },
    );
    expect(decodeJwt(new URLSearchParams(again.hash.slice(1)).get('access_token')!).sub).toBe(user.id);
  });

  it('PKCE flow: redirects back with ?code= that exchangeCodeForSession trades once for a session', async () => {
    const supabase = supabaseClient({ flowType: 'pkce' });
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const url = new URL(data.url!);
    expect(url.searchParams.get('code_challenge_method')).toBe('s256');
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const email = uniqueEmail('pkce');
    const back = await signInOnGooglePage(data.url!, { email, name: 'Pablo' });
    expect(back.hash).toBe('');
    const code = back.searchParams.get('code')!;
    expect(code).toMatch(/^[0-9a-f-]{36}$/);

    const { data: exchanged, error } = await supabase.auth.exchangeCodeForSession(code);
    expect(error).toBeNull();
    expect(exchanged.session!.provider_token).toBeTruthy();
    expect(exchanged.user!.app_metadata.provider).toBe('google');
    expect((await supabase.auth.getUser()).data.user!.email).toBe(email.toLowerCase());

    const replay = await supabaseClient({ flowType: 'pkce' }).auth.exchangeCodeForSession(code);
    expect(replay.error).toBeTruthy();
  });

  it('PKCE flow: a wrong code verifier is refused with a 4xx', async () => {
    const supabase = supabaseClient({ flowType: 'pkce' });
    const { data } = await supabase.auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const back = await signInOnGooglePage(data.url!, { email: uniqueEmail('verifier'), name: 'V' });
    const response = await fetch(`${stack().apiUrl}/auth/v1/token?grant_type=pkce`, {
      method: 'POST',
      headers: { apikey: stack().anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ auth_code: back.searchParams.get('code'), code_verifier: 'x'.repeat(64) }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'bad_code_verifier' });
  });

  it('does not link the stand-in to an existing password account with the same email', async () => {
    const email = uniqueEmail('linked');
    await supabaseClient().auth.signUp({ email, password, options: { data: { name: 'Lina' } } });
    const { data } = await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const back = await signInOnGooglePage(data.url!, { email, name: 'Lina' });
    expect(back.searchParams.get('error_code')).toBe('email_exists');
    expect(new URLSearchParams(back.hash.slice(1)).has('access_token')).toBe(false);
  });

  it('sends errors back as ?error=&error_description= (cancel) and falls back to site_url for foreign redirects', async () => {
    const { data } = await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const cancelled = await signInOnGooglePage(data.url!, { email: '', name: '', action: 'cancel' });
    expect(cancelled.searchParams.get('error')).toBe('access_denied');
    expect(cancelled.searchParams.get('error_description')).toBeTruthy();
    expect(new URLSearchParams(cancelled.hash.slice(1)).get('error')).toBe('access_denied');

    const { data: foreign } = await supabaseClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: 'https://evil.example.com/steal', skipBrowserRedirect: true },
    });
    const back = await signInOnGooglePage(foreign.url!, { email: uniqueEmail('foreign'), name: 'F' });
    expect(back.origin).toBe('http://localhost:5173');

    const otherPort = 'http://127.0.0.1:59999/after-login';
    const { data: local } = await supabaseClient().auth.signInWithOAuth({
      provider: 'google',
      options: { redirectTo: otherPort, skipBrowserRedirect: true },
    });
    const localBack = await signInOnGooglePage(local.url!, { email: uniqueEmail('port'), name: 'P' });
    expect(`${localBack.origin}${localBack.pathname}`).toBe(otherPort);
  });

  it('refuses unknown providers with 400 and an invalid email on the page with 400', async () => {
    const response = await fetch(`${stack().apiUrl}/auth/v1/authorize?provider=myspace`, { redirect: 'manual' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: 'validation_failed' });

    const { data } = await supabaseClient().auth.signInWithOAuth({ provider: 'google', options: { redirectTo, skipBrowserRedirect: true } });
    const page = await openGooglePage(data.url!);
    const submitted = await fetch(page.action, {
      method: 'POST',
      body: new URLSearchParams({ ...page.hidden, email: 'nope', name: 'N', action: 'continue' }),
      redirect: 'manual',
    });
    expect(submitted.status).toBe(400);
    expect(await submitted.text()).toMatch(/role="alert"/);
  });
});
