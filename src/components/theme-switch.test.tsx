import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ThemeSwitch } from './theme-switch';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.removeItem('jerga-theme');
  delete document.documentElement.dataset.theme;
});

function systemDark(dark: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: dark && query === '(prefers-color-scheme: dark)', addEventListener: () => {}, removeEventListener: () => {} }));
}

describe('ThemeSwitch', () => {
  it('follows the system until pressed, then sets and remembers the reader’s choice', async () => {
    const user = userEvent.setup();
    systemDark(true);
    renderWithProviders(<ThemeSwitch />);
    const button = screen.getByRole('button', { name: 'Dark theme' });
    expect(button).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.dataset.theme).toBeUndefined();
    await user.click(button);
    expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(localStorage.getItem('jerga-theme')).toBe('light');
    await user.click(button);
    expect(document.documentElement.dataset.theme).toBe('dark');
    expect(localStorage.getItem('jerga-theme')).toBe('dark');
  });

  it('is off on a light system', () => {
    systemDark(false);
    renderWithProviders(<ThemeSwitch />);
    expect(screen.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'false');
  });
});
