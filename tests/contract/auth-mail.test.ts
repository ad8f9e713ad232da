import { randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createAuthApp, loadAuthSettings } from '../../stack/auth/index.ts';
import { catcherSmtpSettings, createMailer } from '../../stack/mail/sender.ts';
import { linkIn, mailsTo, waitForMail } from '../support/mailbox.ts';
import { testPorts } from '../support/ports.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { authFetch, password, supabaseClient, uniqueEmail } from './support.ts';

// Auth's mail, read through the catcher's Mailpit API as `supabase start` users read theirs:
// password recovery, the secure e-mail change, sign-up confirmation, and the guessing
// throttle every password door shares.

afterAll(closeAdminSql);

const redirectTo = 'http://localhost:5173/reset-password';
/** A made-up client address per test, so the per-address throttles of different tests never meet. */
const someAddress = () => `198.18.${randomBytes(1)[0]}.${randomBytes(1)[0] || 1}`;

/** Follows a mailed link as a browser would, without going on to the app: where Auth sends it. */
async function follow(link: string): Promise<URL> {
  const response = await fetch(link, { redirect: 'manual' });
  expect(response.status).toBe(303);
  return new URL(response.headers.get('location')!);
}

const fragmentOf = (url: URL) => new URLSearchParams(url.hash.slice(1));

describe('password recovery by mail', () => {
  it('mails a link that opens a recovery session; the new password needs no current one and ends the other sessions', async () => {
    const email = uniqueEmail('forgot').toLowerCase();
    await supabaseClient().auth.signUp({ email, password });
    const elsewhere = supabaseClient();
    const { data: old } = await elsewhere.auth.signInWithPassword({ email, password });

    const asked = await supabaseClient().auth.resetPasswordForEmail(email, { redirectTo });
    expect(asked.error).toBeNull();
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Reset your Jerga password');
    expect(mail.Text).toMatch(/Code: \d{6}/);
    const link = linkIn(mail, '/auth/v1/verify');
    expect(new URL(link).searchParams.get('type')).toBe('recovery');
    expect(mail.HTML).toContain('Choose a new password');

    const back = await follow(link);
    expect(`${back.origin}${back.pathname}`).toBe(redirectTo);
    const fragment = fragmentOf(back);
    expect(fragment.get('type')).toBe('recovery');
    const recovering = supabaseClient();
    const events: string[] = [];
    recovering.auth.onAuthStateChange((event) => void events.push(event));
    const { error: setError } = await recovering.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
    expect(setError).toBeNull();
    const changed = await recovering.auth.updateUser({ password: 'my new recovered password' });
    expect(changed.error).toBeNull();

    expect((await supabaseClient().auth.signInWithPassword({ email, password })).error?.code).toBe('invalid_credentials');
    expect((await supabaseClient().auth.signInWithPassword({ email, password: 'my new recovered password' })).error).toBeNull();
    const stale = await authFetch('/user', { token: old.session!.access_token });
    expect(stale.status).toBe(403);

    // The link works once.
    const again = await follow(link);
    expect(again.searchParams.get('error_code')).toBe('otp_expired');
    expect(fragmentOf(again).get('access_token')).toBeNull();
  });

  it('answers an unknown address exactly like a known one, and sends it nothing', async () => {
    const unknown = uniqueEmail('nobody').toLowerCase();
    const known = uniqueEmail('somebody').toLowerCase();
    await supabaseClient().auth.signUp({ email: known, password });
    const ask = (email: string) => authFetch(`/recover?redirect_to=${encodeURIComponent(redirectTo)}`, { method: 'POST', body: JSON.stringify({ email }) });
    const [a, b] = [await ask(unknown), await ask(known)];
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(await a.json()).toEqual(await b.json());
    await waitForMail(known);
    expect(await mailsTo(unknown)).toEqual([]);
    // Asked again within the minute, both are refused alike: a 429 says nothing about an account.
    const [again, knownAgain] = [await ask(unknown), await ask(known)];
    expect([again.status, knownAgain.status]).toEqual([429, 429]);
    const [first, second] = [await again.json(), await knownAgain.json()];
    expect(first).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(first.code).toBe(second.code);
    for (const reply of [again, knownAgain]) expect(Number(reply.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('lets one address have a mail only every 60 seconds (GoTrue’s max_frequency)', async () => {
    const email = uniqueEmail('often').toLowerCase();
    await supabaseClient().auth.signUp({ email, password });
    expect((await supabaseClient().auth.resetPasswordForEmail(email, { redirectTo })).error).toBeNull();
    const second = await authFetch('/recover', { method: 'POST', body: JSON.stringify({ email }) });
    expect(second.status).toBe(429);
    expect(await second.json()).toMatchObject({ code: 'over_email_send_rate_limit' });
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await mailsTo(email)).length).toBe(1);
  });

  it('refuses a forged, empty or unknown-type token without opening a session', async () => {
    for (const query of ['token=abc&type=recovery', 'token=&type=recovery', 'token=abc&type=sudo']) {
      const back = await follow(`${stack().apiUrl}/auth/v1/verify?${query}&redirect_to=${encodeURIComponent(redirectTo)}`);
      expect(back.searchParams.get('error')).toBeTruthy();
      expect(fragmentOf(back).get('access_token')).toBeNull();
    }
    const posted = await authFetch('/verify', { method: 'POST', body: JSON.stringify({ type: 'recovery', token_hash: 'f'.repeat(56) }) });
    expect(posted.status).toBe(403);
    expect(await posted.json()).toMatchObject({ code: 'otp_expired' });
    // A foreign redirect_to falls back to the site URL, never to the stranger's page.
    const foreign = await follow(`${stack().apiUrl}/auth/v1/verify?token=abc&type=recovery&redirect_to=${encodeURIComponent('https://evil.example/x')}`);
    expect(foreign.host).not.toBe('evil.example');
  });
});

describe('the secure e-mail change (double_confirm_changes = true)', () => {
  it('switches only once the links mailed to both addresses are followed; until then the old address signs in and the new one does not', async () => {
    const old = uniqueEmail('before').toLowerCase();
    const next = uniqueEmail('after').toLowerCase();
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email: old, password, options: { data: { locale: 'es' } } });
    const { data, error } = await supabase.auth.updateUser({ email: next }, { emailRedirectTo: 'http://localhost:5173/account' });
    expect(error).toBeNull();
    expect(data.user).toMatchObject({ email: old, new_email: next });
    const signsIn = async (email: string) => (await supabaseClient().auth.signInWithPassword({ email, password })).error?.code ?? 'signed in';

    // In the learner's language (user_metadata.locale); each address gets its own link.
    const toNew = await waitForMail(next);
    expect(toNew.Subject).toBe('Confirma tu nuevo correo para Jerga');
    const toOld = await waitForMail(old);
    expect(toOld.Subject).toBe('Confirma el cambio de tu correo de Jerga');
    expect(toOld.Text).toContain(next);
    expect(linkIn(toOld, '/auth/v1/verify')).not.toBe(linkIn(toNew, '/auth/v1/verify'));

    // The new (perhaps a thief's) address alone changes nothing.
    const half = await follow(linkIn(toNew, '/auth/v1/verify'));
    expect(fragmentOf(half).get('message')).toMatch(/Confirmation link accepted/);
    expect(fragmentOf(half).get('access_token')).toBeNull();
    expect((await supabase.auth.getUser()).data.user).toMatchObject({ email: old, new_email: next });
    expect(await signsIn(old)).toBe('signed in');
    expect(await signsIn(next)).toBe('invalid_credentials');

    const back = await follow(linkIn(toOld, '/auth/v1/verify'));
    expect(`${back.origin}${back.pathname}`).toBe('http://localhost:5173/account');
    expect(fragmentOf(back).get('type')).toBe('email_change');
    expect(fragmentOf(back).get('access_token')).toBeTruthy();
    const { data: after } = await supabase.auth.getUser();
    expect(after.user).toMatchObject({ email: next });
    expect(after.user!.new_email).toBeUndefined();
    expect(await signsIn(next)).toBe('signed in');
    expect(await signsIn(old)).toBe('invalid_credentials');

    const notice = await waitForMail(old, 2);
    expect(notice.Subject).toBe('Tu correo de Jerga ha cambiado');
    // Each link works once.
    expect((await follow(linkIn(toNew, '/auth/v1/verify'))).searchParams.get('error_code')).toBe('otp_expired');
    expect((await follow(linkIn(toOld, '/auth/v1/verify'))).searchParams.get('error_code')).toBe('otp_expired');
  });

  it('takes the two mails’ codes through verifyOtp as well, each with its own address', async () => {
    const old = uniqueEmail('code-old').toLowerCase();
    const next = uniqueEmail('code-new').toLowerCase();
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email: old, password });
    expect((await supabase.auth.updateUser({ email: next })).error).toBeNull();
    const codeIn = async (address: string) => (await waitForMail(address)).Text.match(/Code: (\d{6})/)![1];
    const [codeNew, codeOld] = [await codeIn(next), await codeIn(old)];
    // A code belongs to its own address's side.
    const crossed = await supabaseClient().auth.verifyOtp({ email: old, token: codeNew, type: 'email_change' });
    expect(crossed.error?.code).toBe('otp_expired');
    const first = await supabaseClient().auth.verifyOtp({ email: next, token: codeNew, type: 'email_change' });
    expect(first.error).toBeNull();
    expect(first.data.session).toBeNull();
    expect((await supabase.auth.getUser()).data.user?.email).toBe(old);
    const second = await supabaseClient().auth.verifyOtp({ email: old, token: codeOld, type: 'email_change' });
    expect(second.error).toBeNull();
    expect(second.data.user?.email).toBe(next);
  });

  it('with double_confirm_changes = false, the new address’s link alone switches it and the current address is told at once', async () => {
    const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    const auth = createAuthApp({
      databaseUrl: stack().dbUrl,
      jwtSecret: stack().jwtSecret,
      externalUrl: `${stack().apiUrl}/auth/v1`,
      settings: { ...loadAuthSettings(), doubleConfirmChanges: false },
      mailer,
    });
    try {
      const old = uniqueEmail('one-old').toLowerCase();
      const next = uniqueEmail('one-new').toLowerCase();
      const call = (path: string, init: RequestInit & { token?: string } = {}) =>
        auth.request(path, {
          ...init,
          headers: { 'content-type': 'application/json', apikey: stack().anonKey, ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) },
        });
      const session = (await (await call('/signup', { method: 'POST', body: JSON.stringify({ email: old, password }) })).json()) as { access_token: string };
      const changed = await call('/user', { method: 'PUT', token: session.access_token, body: JSON.stringify({ email: next }) });
      expect(changed.status).toBe(200);
      expect(await changed.json()).toMatchObject({ email: old, new_email: next });
      const toNew = await waitForMail(next);
      const told = await waitForMail(old);
      expect(told.Subject).toBe('Your Jerga e-mail address is about to change');
      expect(told.Text).not.toContain('/auth/v1/verify');
      const url = new URL(linkIn(toNew, '/auth/v1/verify'));
      const response = await auth.request(`${url.pathname.replace('/auth/v1', '')}${url.search}`, { redirect: 'manual' });
      expect(response.status).toBe(303);
      expect(fragmentOf(new URL(response.headers.get('location')!)).get('type')).toBe('email_change');
      const [{ n }] = await adminSql()`select count(*)::int as n from auth.users where email = ${next}`;
      expect(n).toBe(1);
    } finally {
      await auth.close();
      await mailer.close();
    }
  });
});

describe('one guessing throttle for every password door', () => {
  it('slows /auth/v1/token guesses per account and address, as /api/auth/login does, and spares the owner elsewhere', async () => {
    const email = uniqueEmail('guessed').toLowerCase();
    await supabaseClient().auth.signUp({ email, password });
    const attacker = someAddress();
    const guess = (secret: string, from: string) =>
      authFetch('/token?grant_type=password', { method: 'POST', headers: { 'x-forwarded-for': from }, body: JSON.stringify({ email, password: secret }) });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await guess(`wrong-${i}`, attacker)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    const blocked = await guess(password, attacker);
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
    // The same counter /api/auth/login reads.
    const viaApi = await fetch(`${stack().apiUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': attacker },
      body: JSON.stringify({ email, password }),
    });
    expect(viaApi.status).toBe(429);
    // The owner, from their own address, still gets in.
    expect((await guess(password, someAddress())).status).toBe(200);
  });

  it('counts wrong current passwords on PUT /user the same way', async () => {
    const email = uniqueEmail('stolen').toLowerCase();
    const supabase = supabaseClient();
    await supabase.auth.signUp({ email, password });
    const { data } = await supabase.auth.getSession();
    const from = someAddress();
    const change = (current: string) =>
      authFetch('/user', {
        method: 'PUT',
        token: data.session!.access_token,
        headers: { 'x-forwarded-for': from },
        body: JSON.stringify({ password: 'another long password', current_password: current }),
      });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await change(`guess-${i}`)).status);
    expect(statuses.slice(0, 4)).toEqual([400, 400, 400, 400]);
    expect(statuses[5]).toBe(429);
    expect((await change(password)).status).toBe(429);
    expect((await supabaseClient().auth.signInWithPassword({ email, password })).error).toBeNull();
  });
});

describe('sign-up confirmation ([auth.email] enable_confirmations = true)', () => {
  it('mails a link, refuses to sign in until it is followed, then confirms', async () => {
    const mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    const auth = createAuthApp({
      databaseUrl: stack().dbUrl,
      jwtSecret: stack().jwtSecret,
      externalUrl: `${stack().apiUrl}/auth/v1`,
      settings: { ...loadAuthSettings(), enableConfirmations: true },
      mailer,
    });
    try {
      const email = uniqueEmail('confirm').toLowerCase();
      const call = (path: string, body: unknown) =>
        auth.request(path, { method: 'POST', headers: { 'content-type': 'application/json', apikey: stack().anonKey }, body: JSON.stringify(body) });
      const settings = (await (await auth.request('/settings', { headers: { apikey: stack().anonKey } })).json()) as { mailer_autoconfirm: boolean };
      expect(settings.mailer_autoconfirm).toBe(false);
      const signedUp = await call(`/signup?redirect_to=${encodeURIComponent('http://localhost:5173/')}`, { email, password });
      expect(signedUp.status).toBe(200);
      const user = (await signedUp.json()) as Record<string, unknown>;
      expect(user).toMatchObject({ email, confirmation_sent_at: expect.any(String) });
      expect(user.access_token).toBeUndefined();
      expect(user.email_confirmed_at).toBeUndefined();

      const early = await call('/token?grant_type=password', { email, password });
      expect(early.status).toBe(400);
      expect(await early.json()).toMatchObject({ code: 'email_not_confirmed' });

      const mail = await waitForMail(email);
      expect(mail.Subject).toBe('Confirm your Jerga account');
      const link = new URL(linkIn(mail, '/auth/v1/verify'));
      const followed = await auth.request(`${link.pathname.replace('/auth/v1', '')}${link.search}`, { redirect: 'manual' });
      expect(followed.status).toBe(303);
      const back = new URL(followed.headers.get('location')!);
      expect(fragmentOf(back).get('type')).toBe('signup');
      expect(fragmentOf(back).get('access_token')).toBeTruthy();
      expect((await call('/token?grant_type=password', { email, password })).status).toBe(200);
    } finally {
      await auth.close();
      await mailer.close();
    }
  });
});
