import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { authStorageKey } from '@/lib/supabase';
import { json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { PasswordForm } from './password-form';

// Account › Sign-in's password form against Supabase Auth's replies (auth-js over a stubbed
// fetch, with a stored session): an account made by Google proves itself with a mailed code.

const authUser = { id: testUser._id, aud: 'authenticated', email: testUser.email, app_metadata: {}, user_metadata: {}, created_at: '2026-01-01T00:00:00Z' };

beforeEach(() => {
  window.localStorage.setItem(
    authStorageKey,
    JSON.stringify({ access_token: 'token', refresh_token: 'refresh', token_type: 'bearer', expires_in: 3600, expires_at: Math.floor(Date.now() / 1000) + 3600, user: authUser }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

const authError = (status: number, code: string) => new Response(JSON.stringify({ code, message: code }), { status, headers: { 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' } });

/** Auth as the stack answers: the nonce 123456 is the mailed one; a PUT without a nonce needs one. */
function stubAuth() {
  return stubFetch((url, init) => {
    if (url.pathname.endsWith('/auth/v1/reauthenticate')) return json({});
    if (url.pathname.endsWith('/auth/v1/user') && init.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as { nonce?: string };
      if (!body.nonce) return authError(400, 'reauthentication_needed');
      return body.nonce === '123456' ? json(authUser) : authError(422, 'reauthentication_not_valid');
    }
    return json(authUser);
  });
}

const putBodies = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/auth/v1/user') && init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)));

async function fillNewPassword(user: ReturnType<typeof userEvent.setup>, labels = { password: 'New password', confirm: 'Confirm Password' }) {
  await user.type(screen.getByLabelText(labels.password, { exact: true }), 'a new google password');
  await user.type(screen.getByLabelText(labels.confirm, { exact: true }), 'a new google password');
}

describe('setting a password on an account made by Google', () => {
  it('sends a code, refuses a wrong one, and sets the password with the right one', async () => {
    const user = userEvent.setup();
    const fetchMock = stubAuth();
    renderWithProviders(<PasswordForm email="lucia@example.com" passwordless />, { path: '/account', user: testUser });
    expect(screen.getByText(/has no password yet/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send me a code' }));
    expect(await screen.findByText('We sent a code to lucia@example.com. It works once, for one hour.')).toBeInTheDocument();
    await fillNewPassword(user);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Enter the six-digit code from the mail.')).toBeInTheDocument();
    expect(putBodies(fetchMock)).toEqual([]);

    await user.type(screen.getByLabelText('Code from the mail'), '000000');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('That code is not right or has expired. Send yourself a new one.')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Code from the mail'));
    await user.type(screen.getByLabelText('Code from the mail'), '123456');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText(/Your password has been changed/)).toBeInTheDocument();
    expect(putBodies(fetchMock).at(-1)).toMatchObject({ password: 'a new google password', nonce: '123456' });
    expect(putBodies(fetchMock).at(-1)).not.toHaveProperty('current_password');
    // It has a password now: the next change asks for it.
    expect(screen.getByLabelText('Current password')).toBeInTheDocument();
  });

  it('asks for a code when Auth says one is needed, though the account looked like it had a password', async () => {
    const user = userEvent.setup();
    stubAuth();
    renderWithProviders(<PasswordForm email="lucia@example.com" passwordless={false} />, { path: '/account', user: testUser });
    await fillNewPassword(user);
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('To set a password, send yourself a code and enter it here.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send me a code' })).toBeInTheDocument();
  });

  it('in Spanish too', async () => {
    await act(() => i18n.changeLanguage('es'));
    try {
      const user = userEvent.setup();
      stubAuth();
      renderWithProviders(<PasswordForm email="lucia@example.com" passwordless />, { path: '/account', user: testUser });
      expect(screen.getByText(/aún no tiene contraseña/)).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Envíame un código' }));
      expect(await screen.findByText('Enviamos un código a lucia@example.com. Sirve una vez, durante una hora.')).toBeInTheDocument();
      expect(screen.getByLabelText('Código del correo')).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Crear la contraseña' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });
});
