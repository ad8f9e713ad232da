import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { catcherSmtpSettings, createMailer } from '../../stack/mail/sender.ts';
import type { Mailer } from '../../stack/mail/types.ts';
import { linksIn, waitForMail } from '../support/mailbox.ts';
import { testPorts } from '../support/ports.ts';
import { adminSql, closeAdminSql, stack } from '../support/stack.ts';
import { authFetch, password, signInOnGooglePage, startAuthInstance, supabaseClient, uniqueEmail, type AuthInstance } from './support.ts';

// GoTrue's reauthentication with [auth.email] secure_password_change = true: an account made
// by Google sign-in (no password) sets one only with the nonce GET /auth/v1/reauthenticate
// mails it, through the real supabase-js (auth.reauthenticate(), updateUser({password, nonce})).
// Password accounts keep giving the current password.

afterAll(closeAdminSql);

/** A new account made by the local Google stand-in, signed in through supabase-js. */
async function googleAccount(url = stack().apiUrl): Promise<{ email: string; client: SupabaseClient }> {
  const email = uniqueEmail('googler').toLowerCase();
  const client = supabaseClient({ url });
  const { data } = await client.auth.signInWithOAuth({ provider: 'google', options: { redirectTo: 'http://localhost:5173/', skipBrowserRedirect: true } });
  const back = await signInOnGooglePage(data.url!, { email, name: 'Gabi Google' });
  const fragment = new URLSearchParams(back.hash.slice(1));
  const { error } = await client.auth.setSession({ access_token: fragment.get('access_token')!, refresh_token: fragment.get('refresh_token')! });
  expect(error).toBeNull();
  return { email, client };
}

const nonceIn = async (email: string, count = 1) => (await waitForMail(email, count)).Text.match(/Code: (\d{6})/)![1];

describe('an account without a password (made by Google sign-in)', () => {
  it('sets one only with the mailed nonce: none is 400 reauthentication_needed, a wrong one 422, the right one works once', async () => {
    const { email, client } = await googleAccount();
    const newPassword = 'a password for google';
    const without = await client.auth.updateUser({ password: newPassword });
    expect(without.error).toMatchObject({ status: 400, code: 'reauthentication_needed' });

    expect((await client.auth.reauthenticate()).error).toBeNull();
    const mail = await waitForMail(email);
    expect(mail.Subject).toBe('Your Jerga confirmation code');
    expect(linksIn(mail).filter((link) => link.includes('/verify'))).toEqual([]);
    const nonce = mail.Text.match(/Code: (\d{6})/)![1];
    // One mail a minute, as every mail (max_frequency).
    expect((await client.auth.reauthenticate()).error).toMatchObject({ status: 429, code: 'over_email_send_rate_limit' });

    const wrong = await client.auth.updateUser({ password: newPassword, nonce: nonce === '000000' ? '000001' : '000000' });
    expect(wrong.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    expect((await supabaseClient().auth.signInWithPassword({ email, password: newPassword })).error?.code).toBe('invalid_credentials');

    const right = await client.auth.updateUser({ password: newPassword, nonce });
    expect(right.error).toBeNull();
    expect((await supabaseClient().auth.signInWithPassword({ email, password: newPassword })).error).toBeNull();
    const [row] = await adminSql()`select count(*)::int as n from private.mailed_codes m join auth.users u on u.id = m.user_id where u.email = ${email}`;
    expect(row.n).toBe(0);
    // Now it has a password: the next change needs the current one, not a nonce.
    const next = await client.auth.updateUser({ password: 'yet another password', nonce });
    expect(next.error).toMatchObject({ code: 'current_password_mismatch' });
  });

  it('counts wrong nonces in the same caps as every mailed code: after 5 the right nonce is refused', async () => {
    const { email, client } = await googleAccount();
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = await nonceIn(email);
    const wrong = nonce === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) {
      expect((await client.auth.updateUser({ password: 'guessing a password', nonce: wrong })).error?.code).toBe('reauthentication_not_valid');
    }
    const right = await client.auth.updateUser({ password: 'guessing a password', nonce });
    expect(right.error).toMatchObject({ status: 422, code: 'reauthentication_not_valid' });
    const [row] = await adminSql()`select wrong_guesses from private.mailed_codes m join auth.users u on u.id = m.user_id
                                    where u.email = ${email} and m.purpose = 'reauthentication'`;
    expect(row.wrong_guesses).toBe(5);
  });

  it('needs no nonce in a fresh recovery session: the recovery mail was the proof', async () => {
    const { email } = await googleAccount();
    expect((await supabaseClient().auth.resetPasswordForEmail(email)).error).toBeNull();
    const code = await nonceIn(email);
    const recovering = supabaseClient();
    expect((await recovering.auth.verifyOtp({ email, token: code, type: 'recovery' })).error).toBeNull();
    expect((await recovering.auth.updateUser({ password: 'recovered google password' })).error).toBeNull();
  });
});

describe('an account with a password', () => {
  it('keeps needing the current password: a nonce does not replace it', async () => {
    const email = uniqueEmail('haspassword').toLowerCase();
    const client = supabaseClient();
    await client.auth.signUp({ email, password });
    expect((await client.auth.reauthenticate()).error).toBeNull();
    const nonce = await nonceIn(email);
    const withNonce = await client.auth.updateUser({ password: 'a second password', nonce });
    expect(withNonce.error).toMatchObject({ code: 'current_password_mismatch' });
    const withCurrent = await client.auth.updateUser({ password: 'a second password', current_password: password });
    expect(withCurrent.error).toBeNull();
  });

  it('GET /reauthenticate needs a signed-in user', async () => {
    const reply = await authFetch('/reauthenticate');
    expect(reply.status).toBe(403);
    expect(await reply.json()).toMatchObject({ code: 'bad_jwt' });
    expect((await authFetch('/reauthenticate', { headers: { authorization: '' } })).status).toBe(401);
  });
});

describe('nonces and token_verifications', () => {
  let instance: AuthInstance | undefined;
  let mailer: Mailer | undefined;
  afterEach(async () => {
    await instance?.close();
    await mailer?.close();
  });

  it('counts each password set with a nonce against the caller’s address', async () => {
    mailer = createMailer(catcherSmtpSettings(testPorts.smtp));
    instance = await startAuthInstance({ mailer, rateLimits: { tokenVerifications: 3 } });
    const { client } = await googleAccount(instance.url);
    for (let i = 0; i < 3; i++) {
      expect((await client.auth.updateUser({ password: 'limited password', nonce: '12345' })).error?.code).toBe('reauthentication_not_valid');
    }
    const limited = await client.auth.updateUser({ password: 'limited password', nonce: '12345' });
    expect(limited.error).toMatchObject({ status: 429, code: 'over_request_rate_limit' });
  });
});
