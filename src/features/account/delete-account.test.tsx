import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { DeleteAccount } from './delete-account';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function tryToDelete(reply: Response, labels = { open: 'Delete my account…', password: 'Current password', confirm: 'Delete my account for good' }) {
  const user = userEvent.setup();
  const fetchMock = stubFetch(() => reply);
  renderWithProviders(<DeleteAccount />, { path: '/account', user: testUser });
  await user.click(screen.getByRole('button', { name: labels.open }));
  await user.type(screen.getByLabelText(labels.password), 'not-my-password');
  await user.click(screen.getByRole('button', { name: labels.confirm }));
  return fetchMock;
}

describe('Delete my account', () => {
  it('sends the current password and says so when it is wrong, keeping the dialog open', async () => {
    const fetchMock = await tryToDelete(
      json({ success: false, code: 'current_password_incorrect', message: 'Your current password is incorrect.' }, 403),
    );
    expect(await screen.findByText('Your current password is incorrect.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/deleteAccount')[0].body).toEqual({ currentPassword: 'not-my-password' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('tells an account made with Google to set a password first, where', async () => {
    await tryToDelete(json({ success: false, code: 'no_password', message: 'Your account signs in with Google and has no password to change.' }, 409));
    expect(
      await screen.findByText('Your account signs in with Google and has no password yet. Set one under Sign-in on this page, then delete your account here.'),
    ).toBeInTheDocument();
  });

  it('in Spanish too', async () => {
    await act(() => i18n.changeLanguage('es'));
    try {
      await tryToDelete(json({ success: false, code: 'no_password', message: '' }, 409), {
        open: 'Borrar mi cuenta…',
        password: 'Contraseña actual',
        confirm: 'Borrar mi cuenta para siempre',
      });
      expect(await screen.findByText(/Tu cuenta entra con Google y aún no tiene contraseña/)).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en-US'));
    }
  });
});
