import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { VoicesReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { VoicesPage } from './voices-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const voices: VoicesReply = {
  success: true,
  data: [
    { country: 'AR', total: 10, voiced: 0 },
    { country: 'MX', total: 39, voiced: 12 },
  ],
};

describe('the Voices page', () => {
  it('shows each country with its flag, voiced of total as words and a bar, and a link to record it', async () => {
    const fetchMock = stubFetch(() => json(voices));
    renderWithProviders(<VoicesPage />, { path: '/voices' });
    expect(screen.getByRole('heading', { level: 1, name: 'Voices' })).toBeInTheDocument();
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(2);
    const mexico = rows[1];
    expect(within(mexico).getByText('Mexico')).toBeInTheDocument();
    expect(within(mexico).getByText(/12 of 39 voiced/)).toBeInTheDocument();
    expect(within(mexico).getByRole('img', { name: 'Mexico: 12 of 39 entries voiced' })).toBeInTheDocument();
    expect(within(mexico).getByRole('link', { name: 'Record Mexico' })).toHaveAttribute('href', '/record?country=MX');
    expect(within(rows[0]).getByRole('link', { name: 'Record Argentina' })).toHaveAttribute('href', '/record?country=AR');
    expect(callsTo(fetchMock, '/recording/voices')).toHaveLength(1);
  });

  it('says so when the voices cannot be read, with a way to try again', async () => {
    stubFetch(() => json({ error: 'Internal error' }, 503));
    renderWithProviders(<VoicesPage />, { path: '/voices' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("The voices couldn't be loaded.");
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });
});
