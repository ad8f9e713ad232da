import { randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, waitForMail } from '../support/mailbox.ts';
import { adminSql, api, closeAdminSql, createUser, registerThroughApi, stack } from '../support/stack.ts';

// The routes the palabrotas project added after the spec (contact, delete-account, forgot-password,
// reset-password, verify-email, resend-verification) under its paths, payloads and replies,
// the mail links leading to its pages (`<its origin>/reset-password?token=…`).

/** Where the palabrotas client runs (its Vite dev server): a loopback origin Auth may redirect to. */
const palabrotasOrigin = 'http://localhost:3000';
const unique = () => Math.random().toString(36).slice(2, 9);

afterAll(closeAdminSql);

describe('POST /api/contact/send (the contact form)', () => {
  it('keeps the message as feedback and answers as palabrotas does; missing fields get a message', async () => {
    const text = `Hola equipo ${unique()}`;
    const sent = await api('/contact/send', { body: { name: 'Ana', email: 'ana@example.com', message: text } });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ success: true, message: 'Message sent successfully.' });
    const [row] = await adminSql()`select name, email from public.feedback where message = ${text}`;
    expect(row).toEqual({ name: 'Ana', email: 'ana@example.com' });
    const missing = await api('/contact/send', { body: { name: 'Ana', email: 'ana@example.com', message: '  ' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: expect.any(String) });
  });
});

describe('POST /api/user/delete-account {confirmation}', () => {
  it('deletes the account of a session signed in moments ago, typed DELETE', async () => {
    const person = { name: 'Borrar', email: `borrar-${unique()}@example.com`, password: 'una-clave-larga-7' };
    const token = await registerThroughApi(person);
    const wrong = await api('/user/delete-account', { body: { confirmation: 'delete' }, token });
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ success: false, message: 'Please type DELETE to confirm account deletion.' });
    const deleted = await api('/user/delete-account', { body: { confirmation: 'DELETE' }, token });
    expect(deleted.status).toBe(200);
    expect(deleted.body).toEqual({ success: true, message: 'Your account has been deleted.' });
    expect(await adminSql()`select 1 from auth.users where email = ${person.email}`).toHaveLength(0);
    const login = await api('/auth/login', { body: { email: person.email, password: person.password } });
    expect(login.status).toBe(401);
  });

  it('refuses a session signed in long ago without the password, and a guest', async () => {
    const user = await createUser();
    const now = Math.floor(Date.now() / 1000);
    const old = await new SignJWT({
      email: user.email,
      role: 'authenticated',
      aal: 'aal1',
      amr: [{ method: 'password', timestamp: now - 3600 }],
      session_id: user.sessionId,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(`${stack().apiUrl}/auth/v1`)
      .setSubject(user.id)
      .setAudience('authenticated')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(new TextEncoder().encode(stack().jwtSecret));
    const stale = await api('/user/delete-account', { body: { confirmation: 'DELETE' }, token: old });
    expect(stale.status).toBe(403);
    expect(stale.body).toMatchObject({ success: false, code: 'reauthentication_required', message: 'Please log in again to delete your account.' });
    expect(await adminSql()`select 1 from auth.users where id = ${user.id}`).toHaveLength(1);
    const guest = await api('/user/delete-account', { body: { confirmation: 'DELETE' } });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, message: 'You must be logged in to delete your account.' });
  });
});

describe('forgot-password and reset-password', () => {
  it('mails Auth’s recovery link leading to palabrotas’ page with a token, which sets the new password once', async () => {
    const person = { name: 'Olvido', email: `olvido-${unique()}@example.com`, password: 'mi-clave-vieja-9' };
    const oldToken = await registerThroughApi(person);
    const asked = await api('/auth/forgot-password', { body: { email: person.email }, headers: { origin: palabrotasOrigin } });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ success: true, message: 'If an account exists with that email, a reset link has been sent.' });
    // Nobody is told whether an address has an account.
    const nobody = await api('/auth/forgot-password', { body: { email: `nadie-${unique()}@example.com` }, headers: { origin: palabrotasOrigin } });
    expect(nobody.body).toEqual(asked.body);
    const bad = await api('/auth/forgot-password', { body: { email: 'not-an-email' }, headers: { origin: palabrotasOrigin } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ success: false, message: expect.any(String) });

    const link = linkIn(await waitForMail(person.email), '/verify');
    const redirect = new URL(new URL(link).searchParams.get('redirect_to')!);
    expect(`${redirect.origin}${redirect.pathname}`).toBe(`${palabrotasOrigin}/reset-password`);
    const token = redirect.searchParams.get('token')!;
    expect(token).toMatch(/^[0-9a-f]{64}$/);

    // The token alone (the mail's link not followed through Auth) is not enough.
    const early = await api('/auth/reset-password', { body: { token, password: 'mi-clave-nueva-3', confirmPassword: 'mi-clave-nueva-3' } });
    expect(early.status).toBe(400);
    expect(early.body).toMatchObject({ success: false, message: 'Password reset link is invalid or has expired. Please request a new one.' });

    // The learner follows the mail's link: Auth verifies it and lands on palabrotas' page.
    const followed = await fetch(link, { redirect: 'manual' });
    expect([302, 303]).toContain(followed.status);
    const landing = new URL(followed.headers.get('location')!);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${palabrotasOrigin}/reset-password`);
    expect(landing.searchParams.get('token')).toBe(token);

    for (const [body, message] of [
      [{ token, password: 'mi-clave-nueva-3' }, 'Token, password, and confirm password are required.'],
      [{ token, password: 'mi-clave-nueva-3', confirmPassword: 'otra-clave-nueva' }, 'Passwords do not match.'],
      [{ token: 'x'.repeat(64), password: 'mi-clave-nueva-3', confirmPassword: 'mi-clave-nueva-3' }, 'Password reset link is invalid or has expired. Please request a new one.'],
    ] as const) {
      const refused = await api('/auth/reset-password', { body });
      expect(refused.status, message).toBe(400);
      expect(refused.body, message).toMatchObject({ success: false, message });
    }

    const reset = await api('/auth/reset-password', { body: { token, password: 'mi-clave-nueva-3', confirmPassword: 'mi-clave-nueva-3' } });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ success: true, message: 'Password updated successfully. You can now log in.' });
    // Once only; every session of the account ended; the new password signs in, the old does not.
    const again = await api('/auth/reset-password', { body: { token, password: 'otra-clave-nueva-4', confirmPassword: 'otra-clave-nueva-4' } });
    expect(again.status).toBe(400);
    expect((await api('/auth/getUser', { token: oldToken })).status).toBe(401);
    expect((await api('/auth/login', { body: { email: person.email, password: person.password } })).status).toBe(401);
    const login = await api('/auth/login', { body: { email: person.email, password: 'mi-clave-nueva-3' } });
    expect(login.status).toBe(200);
    expect(login.body.authenticated).toBe(true);
  });
});

describe('verify-email and resend-verification', () => {
  it('a confirmed learner is ALREADY_VERIFIED either way; a guest’s unknown token is refused with palabrotas’ message', async () => {
    const user = await createUser({ name: 'Vera' });
    const resend = await api('/auth/resend-verification', { method: 'POST', token: user.token });
    expect(resend.status).toBe(200);
    expect(resend.body).toMatchObject({ success: true, code: 'ALREADY_VERIFIED', message: 'Your email is already verified.', user: { _id: user.id, emailVerified: true } });
    const verify = await api('/auth/verify-email', { body: { token: randomUUID() }, token: user.token });
    expect(verify.status).toBe(200);
    expect(verify.body).toMatchObject({ success: true, code: 'ALREADY_VERIFIED', user: { _id: user.id, emailVerified: true } });

    const missing = await api('/auth/verify-email', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ success: false, message: 'Verification token is required.' });
    const unknown = await api('/auth/verify-email', { body: { token: 'f'.repeat(64) } });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ success: false, message: 'This verification link is invalid or has expired. Please request a new one.' });
    const guest = await api('/auth/resend-verification', { method: 'POST' });
    expect(guest.status).toBe(401);
    expect(guest.body).toMatchObject({ success: false, message: 'Please log in to resend a verification email.' });
  });
});
