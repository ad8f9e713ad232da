import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '@/app/routes/login-page';
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

function renderLogin(state?: { from?: string; googleError?: string }) {
  return renderWithProviders(<LoginPage />, {
    path: '/login',
    route: '/login',
    initialState: state,
    extraRoutes: [
      { path: '/', element: <p>home page</p> },
      { path: '/account', element: <p>account page</p> },
      { path: '/register', element: <p>register page</p> },
    ],
  });
}

describe('Login page', () => {
  it('has labelled fields, the Google button and a link to register', () => {
    stubFetch();
    renderLogin();
    expect(screen.getByRole('heading', { level: 1, name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/register');
  });

  it('leaves out the Google button when the build has Google sign-in off', () => {
    stubFetch();
    vi.stubEnv('VITE_GOOGLE_SIGN_IN', 'off');
    try {
      renderLogin();
      expect(screen.getByRole('button', { name: 'Log In' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('says why Google sign-in came back refused (email_exists)', () => {
    stubFetch();
    renderLogin({ googleError: 'email_exists' });
    expect(screen.getByRole('alert')).toHaveTextContent(/already has an account.*Log in with your password/);
  });

  it('shows each validation message, sends nothing, and clears a message when its field is edited', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Please provide your email.')).toBeInTheDocument();
    expect(screen.getByText('Password cannot be blank.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Email')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByLabelText('Email'), 'a');
    expect(screen.queryByText('Please provide your email.')).not.toBeInTheDocument();
    expect(screen.getByText('Password cannot be blank.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Password'), 'x');
    expect(screen.queryByText('Password cannot be blank.')).not.toBeInTheDocument();
  });

  it('points out a malformed e-mail address in the browser, in both languages, with no request', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'lucia.example.com');
    await user.type(screen.getByLabelText('Password'), 'mate-amargo-2026');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(screen.getByText('Please provide a valid email address.')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveFocus();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('Indica un correo electrónico válido.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s message as a general line and toasts the failure', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json({ success: false, authenticated: false, code: 'invalid_credentials', message: 'Email or password is incorrect. Please try again' }, 401),
    );
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Email or password is incorrect. Please try again')).toHaveClass('form__error');
    expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument();
  });

  it('shows the sign-in throttle (429) as the general line with the wait, in Spanish too', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json(
        {
          success: false,
          authenticated: false,
          code: 'login_throttled',
          message: 'Too many failed attempts. Please wait a moment and try again.',
          retryAfter: 120,
        },
        429,
      ),
    );
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong password');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText(
      'Too many failed attempts. Please wait a moment and try again. You can try again in 2 minutes.',
    )).toHaveClass('form__error');
    await act(() => i18n.changeLanguage('es'));
    expect(
      screen.getByText('Demasiados intentos fallidos. Espera un momento y vuelve a intentarlo. Podrás volver a intentarlo en 2 minutos.'),
    ).toHaveClass('form__error');
  });

  it('logs in, hands the session to supabase-js, toasts and goes back where the visitor came from', async () => {
    const user = userEvent.setup();
    const setSession = vi.spyOn(auth, 'setSession').mockResolvedValue({ data: { session: null, user: null }, error: null });
    const session = { access_token: 'access', refresh_token: 'refresh', expires_in: 3600, expires_at: 1, token_type: 'bearer' };
    const fetchMock = stubFetch(() => json({ authenticated: true, user: testUser, message: 'Logged in successfully!', session }));
    renderLogin({ from: '/account' });
    await user.type(screen.getByLabelText('Email'), ' lucia@example.com ');
    await user.type(screen.getByLabelText('Password'), 'correct horse');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(screen.getByText('Logged in successfully!')).toBeInTheDocument();
    expect(setSession).toHaveBeenCalledWith({ access_token: 'access', refresh_token: 'refresh' });
    const [call] = callsTo(fetchMock, '/auth/login');
    expect(call.init.method).toBe('POST');
    expect(call.body).toEqual({ email: 'lucia@example.com', password: 'correct horse' });
  });

  it('treats a reply that is not authenticated as a failure with the server’s words', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ authenticated: false, user: null, message: 'Please confirm your email address first.', session: null }));
    renderLogin();
    await user.type(screen.getByLabelText('Email'), 'lucia@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever1');
    await user.click(screen.getByRole('button', { name: 'Log In' }));
    expect(await screen.findByText('Please confirm your email address first.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Login failed. Please try again.')).toBeInTheDocument());
  });

  it('starts the Google sign-in with supabase-js, back to the home page', async () => {
    const user = userEvent.setup();
    stubFetch();
    const oauth = vi.spyOn(auth, 'signInWithOAuth').mockResolvedValue({ data: { provider: 'google', url: 'x' }, error: null });
    renderLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(oauth).toHaveBeenCalledWith({ provider: 'google', options: { redirectTo: `${window.location.origin}/` } });
  });
});
