import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders, testUser } from '@/test/render';
import { Header } from './header';

describe('Header and navigation', () => {
  it('greets a guest and offers Home, Add and Log In', () => {
    renderWithProviders(<Header />);
    expect(screen.getByText('Welcome, guest!')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jerga' })).toHaveAttribute('href', '/');
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Add', 'Compare', 'Voices', 'Log In']);
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    const options = within(screen.getByRole('group', { name: 'Language' })).getAllByRole('button');
    // Each language named in itself, and marked as such for screen readers.
    expect(options.map((option) => [option.textContent, option.lang])).toEqual([['Español', 'es'], ['English', 'en-US']]);
  });

  it('greets a user by name and shows the logged-in menu (Administer for admins)', () => {
    renderWithProviders(<Header />, { user: { ...testUser, isAdmin: true } });
    expect(screen.getByText('Welcome, Lucía!')).toBeInTheDocument();
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Add', 'Compare', 'Voices', 'Account', 'Flashcards', 'Chat', 'Administer']);
    expect(nav.getByRole('button', { name: 'Log Out' })).toBeInTheDocument();
  });

  it('shows only Log In and Back to Site on /admin and /contents, with no menu toggle', () => {
    const { unmount } = renderWithProviders(<Header />, { path: '/admin', user: null });
    let nav = within(screen.getByRole('navigation'));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Log In']);
    expect(screen.queryByRole('button', { name: 'Open menu' })).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<Header />, { path: '/contents', user: { ...testUser, isAdmin: true } });
    nav = within(screen.getByRole('navigation'));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['← Back to Site']);
    expect(nav.getByRole('link', { name: '← Back to Site' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Log Out' })).not.toBeInTheDocument();
  });

  it('shows neither Log In nor the account links while the auth state is loading', () => {
    renderWithProviders(<Header />, { authLoading: true });
    const nav = within(screen.getByRole('navigation'));
    expect(nav.getAllByRole('link').map((link) => link.textContent)).toEqual(['Home', 'Add', 'Compare', 'Voices']);
  });

  it('opens and closes the menu panel with its toggle and Escape', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Home' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveFocus();
  });

  it('keeps Tab inside the open menu: its links, the language switch and the close button', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Header />
        <main>
          <a href="/behind">a link behind the menu</a>
        </main>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const close = screen.getByRole('button', { name: 'Close menu' });
    const reached = new Set<string>();
    for (let i = 0; i < 12; i++) {
      await user.tab();
      const active = document.activeElement as HTMLElement;
      expect(active === close || active.closest('.nav__panel')).toBeTruthy();
      reached.add(active.textContent ?? '');
    }
    expect([...reached]).toEqual(expect.arrayContaining(['Home', 'Add', 'Log In', 'Español', 'English', '']));
    await user.tab({ shift: true });
    expect(document.activeElement === close || (document.activeElement as HTMLElement).closest('.nav__panel')).toBeTruthy();
  });

  it('switches the interface to Spanish', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Header />);
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(screen.getByText('¡Te damos la bienvenida, visitante!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    // Spanish, then English, each named in itself, the same in both languages (issue 32: not "Inglés").
    const options = within(screen.getByRole('group', { name: 'Idioma' })).getAllByRole('button');
    expect(options.map((option) => [option.textContent, option.lang])).toEqual([['Español', 'es'], ['English', 'en-US']]);
  });
});
