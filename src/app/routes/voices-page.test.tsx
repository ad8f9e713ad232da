import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { VoicesReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { VoicesPage } from './voices-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

const voices: VoicesReply = {
  success: true,
  data: [
    { country: 'AR', total: 10, voiced: 0 },
    { country: 'ES', total: 41, voiced: 41 },
    { country: 'MX', total: 39, voiced: 12 },
  ],
};

describe('the Voices page', () => {
  it('shows each country with its flag, voiced of total as words and a bar, and a link to record it', async () => {
    const fetchMock = stubFetch(() => json(voices));
    renderWithProviders(<VoicesPage />, { path: '/voices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Voices' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('listitem');
    // By name in the reader's language (the server sends them by code).
    expect(rows.map((row) => row.querySelector('.voices__country')?.textContent)).toEqual(['Argentina', 'Mexico', 'Spain']);
    const mexico = rows[1];
    expect(within(mexico).getByText('Mexico')).toBeInTheDocument();
    expect(within(mexico).getByText(/12 of 39 voiced/)).toBeInTheDocument();
    expect(within(mexico).getByRole('img', { name: 'Mexico: 12 of 39 entries voiced' })).toBeInTheDocument();
    expect(within(mexico).getByRole('link', { name: 'Record Mexico' })).toHaveAttribute('href', '/record?country=MX');
    expect(within(rows[0]).getByRole('link', { name: 'Record Argentina' })).toHaveAttribute('href', '/record?country=AR');
    expect(callsTo(fetchMock, '/recording/voices')).toHaveLength(1);
  });

  it('sorts the countries as Spanish does, for a reader in Spanish', async () => {
    stubFetch(() => json(voices));
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<VoicesPage />, { path: '/voices' });
    const rows = await screen.findAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.voices__country')?.textContent)).toEqual(['Argentina', 'España', 'México']);
    expect(within(rows[2]).getByRole('link', { name: 'Grabar México' })).toHaveAttribute('href', '/record?country=MX');
  });

  it('says so when the voices cannot be read, with a way to try again', async () => {
    stubFetch(() => json({ error: 'Internal error' }, 503));
    renderWithProviders(<VoicesPage />, { path: '/voices' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The voices couldn't be loaded.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
