import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RegisterPage } from '@/app/routes/register-page';
import i18n from '@/i18n';
import { loadAuth } from '@/lib/supabase';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';

// The real Supabase Auth client, loaded as the app loads it; its methods are spied on below.
const auth = await loadAuth();

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

function renderRegister() {
  return renderWithProviders(<RegisterPage />, {
    path: '/register',
    extraRoutes: [
      { path: '/', element: <p>home page</p> },
      { path: '/login', element: <p>login page</p> },
    ],
  });
}

/** The error line under a labelled field. */
function errorOf(label: string) {
  const field = screen.getByLabelText(label).closest('.field') as HTMLElement;
  return within(field).queryByText(/./, { selector: '.field__error' })?.textContent ?? null;
}

describe('Register page', () => {
  it('has the four labelled fields and a link back to login', () => {
    stubFetch();
    renderRegister();
    for (const label of ['Name', 'Email', 'Password', 'Confirm Password']) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
  });

  it('shows every required-field message word for word and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('Name')).toBe('Please provide your name.');
    expect(errorOf('Email')).toBe('Please provide your email.');
    expect(errorOf('Password')).toBe('Password cannot be blank.');
    expect(errorOf('Confirm Password')).toBe('Confirm Password cannot be blank.');
    expect(screen.getByLabelText('Name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks for at least 8 characters', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderRegister();
    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('Password')).toBe('Password must be at least 8 characters long.');
    expect(errorOf('Confirm Password')).toBeNull();
  });

  it('counts characters as a person does, and bytes for the 72-byte limit', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderRegister();
    // Four emoji: 8 UTF-16 units, but 4 characters.
    await user.type(screen.getByLabelText('Password'), '😀😀😀😀');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('Password')).toBe('Password must be at least 8 characters long.');
    await user.clear(screen.getByLabelText('Password'));
    // 37 "ñ": 37 characters, 74 bytes.
    await user.type(screen.getByLabelText('Password'), 'ñ'.repeat(37));
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('Password')).toBe('Password must be at most 72 bytes long (accented letters count as 2, emoji as 4).');
    expect(callsTo(fetchMock, '/user/register')).toHaveLength(0);
  });

  it('shows the server’s "too common" on the password field, in Spanish too', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json(
        {
          success: false,
          authenticated: false,
          code: 'password_too_common',
          message: 'This password is too common.',
          errors: { password: 'This password is too common.' },
          fieldCodes: { password: 'password_too_common' },
        },
        400,
      ),
    );
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Lucía');
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'password1');
    await user.type(screen.getByLabelText('Confirm Password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration failed. Please try again.');
    expect(errorOf('Password')).toBe('This password is too common.');
    await act(() => i18n.changeLanguage('es'));
    expect(errorOf('Contraseña')).toBe('Esta contraseña es demasiado común.');
    await act(() => i18n.changeLanguage('en-US'));
  });

  it('shows a mismatch on both password fields, and editing either clears both', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Lucía');
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horsf');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(errorOf('Password')).toBe('Passwords do not match.');
    expect(errorOf('Confirm Password')).toBe('Passwords do not match.');
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Confirm Password')).toHaveAttribute('aria-invalid', 'true');
    await user.type(screen.getByLabelText('Confirm Password'), '{Backspace}e');
    expect(errorOf('Password')).toBeNull();
    expect(errorOf('Confirm Password')).toBeNull();
  });

  it('clears only the edited field’s error', async () => {
    const user = userEvent.setup();
    stubFetch();
    renderRegister();
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await user.type(screen.getByLabelText('Name'), 'L');
    expect(errorOf('Name')).toBeNull();
    expect(errorOf('Email')).toBe('Please provide your email.');
    await user.type(screen.getByLabelText('Email'), 'l');
    expect(errorOf('Email')).toBeNull();
    expect(errorOf('Password')).toBe('Password cannot be blank.');
  });

  it('shows the server’s message (e.g. a taken email) as a general line and toasts', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json({ success: false, authenticated: false, code: 'user_already_exists', message: 'An account with this email already exists.' }, 409),
    );
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Lucía');
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('An account with this email already exists.')).toHaveClass('form__error');
    expect(screen.getByText('Registration failed. Please try again.')).toBeInTheDocument();
  });

  it('says to check the inbox when the project confirms e-mails first (201 email_not_confirmed)', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json({ authenticated: false, user: null, code: 'email_not_confirmed', message: 'Please confirm your email address first.', session: null }, 201),
    );
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Lucía');
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Check your inbox: we sent a link to lucia@example.com.');
    expect(screen.queryByText('Registration failed. Please try again.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Register' })).not.toBeInTheDocument();
  });

  it('puts server field errors under their fields (an address only the server refuses)', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json(
        { success: false, authenticated: false, code: 'invalid_input', message: 'Please provide a valid email address.', errors: { email: 'Please provide a valid email address.' } },
        400,
      ),
    );
    renderRegister();
    await user.type(screen.getByLabelText('Name'), 'Lucía');
    await user.type(screen.getByLabelText('Email'), 'lucia@example');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Registration failed. Please try again.');
    expect(errorOf('Email')).toBe('Please provide a valid email address.');
  });

  it('registers, starts the session, toasts and goes home', async () => {
    const user = userEvent.setup();
    const setSession = vi.spyOn(auth, 'setSession').mockResolvedValue({ data: { session: null, user: null }, error: null });
    const session = { access_token: 'access', refresh_token: 'refresh', expires_in: 3600, expires_at: 1, token_type: 'bearer' };
    const fetchMock = stubFetch(() => json({ authenticated: true, user: testUser, message: 'Registration successful!', session }, 201));
    renderRegister();
    await user.type(screen.getByLabelText('Name'), ' Lucía ');
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.type(screen.getByLabelText('Confirm Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByText('Registration successful!')).toBeInTheDocument();
    expect(setSession).toHaveBeenCalledWith({ access_token: 'access', refresh_token: 'refresh' });
    expect(callsTo(fetchMock, '/user/register')[0].body).toEqual({
      name: 'Lucía',
      email: 'lucia@example.com',
      password: 'correct horse',
      confirmPassword: 'correct horse',
    });
  });
});
