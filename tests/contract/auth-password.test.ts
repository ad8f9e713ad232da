import { afterAll, describe, expect, it } from 'vitest';
import { AuthWeakPasswordError, isAuthApiError } from '@supabase/supabase-js';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { authFetch, password, supabaseClient, uniqueEmail } from './support.ts';

afterAll(closeAdminSql);

describe('sign-up (POST /signup)', () => {
  it('creates a confirmed user with a session, and its profile with the name', async () => {
    const supabase = supabaseClient();
    const email = uniqueEmail('signup');
    const { data, error } = await supabase.auth.signUp({ email, password, options: { data: { name: 'Ana Pérez' } } });
    expect(error).toBeNull();
    const { session, user } = data;
    expect(session).not.toBeNull();
    expect(session!.token_type).toBe('bearer');
    expect(session!.expires_in).toBe(3600);
    expect(session!.expires_at).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(session!.refresh_token.length).toBeGreaterThanOrEqual(12);
    expect(user).toMatchObject({
      aud: 'authenticated',
      role: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Ana Pérez', email_verified: true },
      is_anonymous: false,
    });
    expect(user!.email_confirmed_at).toBeTruthy();
    expect(user!.confirmed_at).toBeTruthy();
    expect(user!.last_sign_in_at).toBeTruthy();
    expect(user!.identities).toEqual([
      expect.objectContaining({ provider: 'email', user_id: user!.id, id: user!.id, email: email.toLowerCase() }),
    ]);

    const [profile] = await adminSql()`select name, last_login from public.profiles where id = ${user!.id}`;
    expect(profile.name).toBe('Ana Pérez');
    expect(profile.last_login).toBeInstanceOf(Date);
    const [row] = await adminSql()`select encrypted_password, email from auth.users where id = ${user!.id}`;
    expect(row.encrypted_password).toMatch(/^\$2a\$10\$/);
    expect(row.email).toBe(email.toLowerCase());

    // The session is stored the way the browser client keeps it.
    const { data: stored } = await supabase.auth.getSession();
    expect(stored.session?.access_token).toBe(session!.access_token);
  });

  it('refuses a second sign-up with the same email (in any case) with user_already_exists', async () => {
    const email = uniqueEmail('dup');
    await supabaseClient().auth.signUp({ email, password });
    const { data, error } = await supabaseClient().auth.signUp({ email: email.toUpperCase(), password });
    expect(data.session).toBeNull();
    expect(isAuthApiError(error)).toBe(true);
    expect(error).toMatchObject({ status: 422, code: 'user_already_exists', message: 'User already registered' });
  });

  it('refuses a short password with weak_password and its reasons', async () => {
    const { error } = await supabaseClient().auth.signUp({ email: uniqueEmail('weak'), password: 'short7!' });
    expect(error).toBeInstanceOf(AuthWeakPasswordError);
    expect(error).toMatchObject({
      status: 422,
      code: 'weak_password',
      message: 'Password should be at least 8 characters.',
      reasons: ['length'],
    });
  });

  it('refuses a malformed email or a missing password with 4xx validation errors', async () => {
    const { error } = await supabaseClient().auth.signUp({ email: 'not-an-email', password });
    expect(error).toMatchObject({ status: 400, code: 'validation_failed' });
    const missing = await authFetch('/signup', { method: 'POST', body: JSON.stringify({ email: uniqueEmail() }) });
    expect(missing.status).toBe(422);
    const badJson = await authFetch('/signup', { method: 'POST', body: '{"email":' });
    expect(badJson.status).toBe(400);
    expect(await badJson.json()).toMatchObject({ code: 'bad_json' });
  });

  it('refuses an anonymous sign-in as GoTrue does with it off (422 anonymous_provider_disabled), making nobody', async () => {
    const [{ n: before }] = await adminSql()`select count(*)::int as n from auth.users`;
    const { data, error } = await supabaseClient().auth.signInAnonymously();
    expect(error).toMatchObject({ status: 422, code: 'anonymous_provider_disabled', message: 'Anonymous sign-ins are disabled' });
    expect(data.session).toBeNull();
    const [{ n: after }] = await adminSql()`select count(*)::int as n from auth.users where created_at > now() - interval '1 minute' and email is null`;
    expect(after).toBe(0);
    expect(before).toBeGreaterThan(0);
  });

  it('answers a phone code as a wrong one (no phone provider), not as an unknown type', async () => {
    const { error } = await supabaseClient().auth.verifyOtp({ phone: '+15555550100', token: '123456', type: 'sms' });
    expect(error).toMatchObject({ status: 403, code: 'otp_expired' });
  });
});

describe('password sign-in (POST /token?grant_type=password)', () => {
  it('signs in, issues GoTrue-shaped claims and records the sign-in', async () => {
    const email = uniqueEmail('signin');
    const { data: signedUp } = await supabaseClient().auth.signUp({ email, password, options: { data: { name: 'Bo' } } });
    await adminSql()`update public.profiles set last_login = null where id = ${signedUp.user!.id}`;

    const supabase = supabaseClient();
    const { data, error } = await supabase.auth.signInWithPassword({ email: email.toUpperCase(), password });
    expect(error).toBeNull();
    expect(data.user!.id).toBe(signedUp.user!.id);

    const token = data.session!.access_token;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'HS256', typ: 'JWT' });
    const claims = decodeJwt(token);
    expect(claims).toMatchObject({
      iss: `${stack().apiUrl}/auth/v1`,
      sub: signedUp.user!.id,
      aud: 'authenticated',
      email: email.toLowerCase(),
      phone: '',
      role: 'authenticated',
      aal: 'aal1',
      is_anonymous: false,
      app_metadata: { provider: 'email', providers: ['email'] },
      user_metadata: { name: 'Bo', email_verified: true },
    });
    expect(claims.exp! - claims.iat!).toBe(3600);
    expect(claims.amr).toEqual([{ method: 'password', timestamp: expect.any(Number) }]);
    expect(claims.session_id).toMatch(/^[0-9a-f-]{36}$/);

    const [row] = await adminSql()`
      select u.last_sign_in_at, p.last_login from auth.users u join public.profiles p using (id) where u.id = ${signedUp.user!.id}`;
    expect(row.last_sign_in_at).toBeInstanceOf(Date);
    expect(row.last_login).toBeInstanceOf(Date);
    expect(Math.abs(row.last_login.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('answers a wrong password or unknown email with 400 invalid_credentials', async () => {
    const email = uniqueEmail('wrong');
    await supabaseClient().auth.signUp({ email, password });
    for (const attempt of [
      { email, password: 'not the password' },
      { email: uniqueEmail('nobody'), password },
    ]) {
      const { data, error } = await supabaseClient().auth.signInWithPassword(attempt);
      expect(data.session).toBeNull();
      expect(isAuthApiError(error)).toBe(true);
      expect(error).toMatchObject({ status: 400, code: 'invalid_credentials', message: 'Invalid login credentials' });
    }
  });

  it('gives a token the /api function accepts', async () => {
    const supabase = supabaseClient();
    const { data } = await supabase.auth.signUp({ email: uniqueEmail('api'), password });
    const response = await fetch(`${stack().apiUrl}/api/content/getContents?limit=1`, {
      headers: { authorization: `Bearer ${data.session!.access_token}` },
    });
    expect(response.status).toBe(200);
  });
});

describe('the user (GET and PUT /user)', () => {
  it('returns the signed-in user', async () => {
    const supabase = supabaseClient();
    const email = uniqueEmail('getuser');
    const { data: signedUp } = await supabase.auth.signUp({ email, password, options: { data: { name: 'Cy' } } });
    const { data, error } = await supabase.auth.getUser();
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ id: signedUp.user!.id, email: email.toLowerCase(), user_metadata: { name: 'Cy' } });
    expect(data.user!.identities).toHaveLength(1);
  });

  it('merges data into user_metadata, a null value deleting the key', async () => {
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email: uniqueEmail('meta'), password, options: { data: { name: 'Di', city: 'Lima' } } });
    const { data, error } = await supabase.auth.updateUser({ data: { city: null, level: 'B1' } });
    expect(error).toBeNull();
    expect(data.user!.user_metadata).toEqual({ name: 'Di', level: 'B1', email_verified: true });
    // The stored session's user follows; the JWT claims stay stale until the next refresh.
    const { data: refreshed } = await supabase.auth.refreshSession();
    expect(decodeJwt(refreshed.session!.access_token).user_metadata).toEqual({ name: 'Di', level: 'B1', email_verified: true });
  });

  it('changes the password only with the current one; then the new one signs in, the old one no longer does, other sessions end', async () => {
    const email = uniqueEmail('newpass');
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email, password });
    const other = supabaseClient();
    const { data: otherSession } = await other.auth.signInWithPassword({ email, password });

    // A stolen access token alone changes nothing.
    const bare = await supabase.auth.updateUser({ password: 'a brand new password' });
    expect(bare.error).toMatchObject({ status: 400, code: 'current_password_mismatch', message: 'Current password required when setting new password.' });
    const wrong = await supabase.auth.updateUser({ password: 'a brand new password', current_password: 'not my password' });
    expect(wrong.error).toMatchObject({ status: 400, code: 'current_password_mismatch' });
    expect((await supabaseClient().auth.signInWithPassword({ email, password })).error).toBeNull();
    expect((await authFetch('/user', { token: otherSession.session!.access_token })).status).toBe(200);

    const same = await supabase.auth.updateUser({ password, current_password: password });
    expect(same.error).toMatchObject({ status: 422, code: 'same_password' });
    const weak = await supabase.auth.updateUser({ password: 'tiny', current_password: password });
    expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);

    const { error } = await supabase.auth.updateUser({ password: 'a brand new password', current_password: password });
    expect(error).toBeNull();
    expect((await supabaseClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await supabaseClient().auth.signInWithPassword({ email, password: 'a brand new password' })).error).toBeNull();

    expect((await supabase.auth.getUser()).error).toBeNull();
    const stale = await authFetch('/user', { token: otherSession.session!.access_token });
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ code: 'session_not_found' });
  });

  it('keeps an e-mail change pending (new_email) until its links are followed, and refuses one already taken', async () => {
    const supabase = supabaseClient();
    const old = uniqueEmail('oldmail');
    await supabase.auth.signUp({ email: old, password });
    const taken = uniqueEmail('taken');
    await supabaseClient().auth.signUp({ email: taken, password });
    const clash = await supabase.auth.updateUser({ email: taken });
    expect(clash.error).toMatchObject({ status: 422, code: 'email_exists' });

    const fresh = uniqueEmail('newmail');
    const { data, error } = await supabase.auth.updateUser({ email: fresh });
    expect(error).toBeNull();
    expect(data.user!.email).toBe(old.toLowerCase());
    expect(data.user!.new_email).toBe(fresh.toLowerCase());
    expect((await supabaseClient().auth.signInWithPassword({ email: fresh, password })).error?.code).toBe('invalid_credentials');
    expect((await supabaseClient().auth.signInWithPassword({ email: old, password })).error).toBeNull();
  });

  it('needs a valid bearer: 401 no_authorization without one, 403 bad_jwt for a bad one', async () => {
    const none = await fetch(`${stack().apiUrl}/auth/v1/user`, { headers: { apikey: stack().anonKey } });
    expect(none.status).toBe(401);
    expect(await none.json()).toMatchObject({ code: 'no_authorization' });
    const bad = await authFetch('/user', { token: 'not.a.jwt' });
    expect(bad.status).toBe(403);
    expect(await bad.json()).toMatchObject({ code: 'bad_jwt' });
    const anon = await authFetch('/user');
    expect(anon.status).toBe(403);
    expect(await anon.json()).toMatchObject({ code: 'bad_jwt' });
  });
});
