import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryKeys } from '@/features/entries';
import i18n from '@/i18n';
import type { CountryUsage, Entry } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { landsAs } from '../usage-kinds';
import { RudeBadge } from './rude-badge';
import { UsagePanel } from './usage-panel';

const tally = (counts: Partial<Record<'used' | 'understood' | 'unknown' | 'offensive', number>>, locals = {}): CountryUsage => ({
  used: 0,
  understood: 0,
  unknown: 0,
  offensive: 0,
  ...counts,
  locals: { used: 0, understood: 0, unknown: 0, offensive: 0, ...locals },
});

const entry: Entry = {
  ...makeEntry({ title: 'coger', country: 'ES' }),
  usage: { MX: tally({ used: 2, offensive: 1 }, { used: 1 }), ES: tally({ offensive: 1 }) },
  rudeIn: ['ES'],
  myUsage: {},
};

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('en-US');
});

describe('landsAs', () => {
  it('shades a rude country offensive, else by its most frequent mark (ties to the better known), unmarked as null', () => {
    expect(landsAs(tally({ used: 5 }), true)).toBe('offensive');
    expect(landsAs(tally({ used: 2, offensive: 1 }), false)).toBe('used');
    expect(landsAs(tally({ understood: 2, unknown: 2 }), false)).toBe('understood');
    expect(landsAs(tally({ unknown: 1 }), false)).toBe('unknown');
    expect(landsAs(undefined, false)).toBeNull();
  });
});

describe('RudeBadge', () => {
  it('names the countries in the reader’s language, and is absent when there are none', async () => {
    const { container, rerender } = renderWithProviders(<RudeBadge countries={['ES', 'MX']} />);
    expect(await screen.findByText('Rude in Spain and Mexico')).toBeInTheDocument();
    await i18n.changeLanguage('es');
    expect(await screen.findByText('Grosera en España y México')).toBeInTheDocument();
    rerender(<RudeBadge countries={[]} />);
    await waitFor(() => expect(container.querySelector('.rude-badge')).toBeNull());
  });
});

describe('UsagePanel', () => {
  it('shows the tallies as a table and asks a guest to log in to mark', async () => {
    renderWithProviders(<UsagePanel entry={entry} />);
    const table = await screen.findByRole('table', { name: 'How “coger” lands, country by country' });
    const rows = within(table).getAllByRole('row').slice(1);
    // The reader's alphabetical order: Mexico before Spain.
    expect(rows.map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent))).toEqual([
      ['2', '0', '0', '1', '1'],
      ['0', '0', '0', '1', '0'],
    ]);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Mexico');
    expect(screen.getByRole('link', { name: 'Log in to mark how this word lands where you live.' })).toBeInTheDocument();
    expect(screen.queryByRole('radio')).toBeNull();
    // The map arrives lazily, with every country named by how it lands.
    const map = await screen.findByRole('img', { name: /^Map of the Spanish-speaking countries/ });
    expect(map.querySelector('path[data-country="ES"]')).toHaveAttribute('data-usage', 'offensive');
    expect(map.querySelector('path[data-country="MX"]')).toHaveAttribute('data-usage', 'used');
    expect(map.querySelector('path[data-country="AR"]')).toHaveAttribute('data-usage', 'unmarked');
  });

  it('says when nobody has marked the word', async () => {
    renderWithProviders(<UsagePanel entry={{ ...entry, usage: {}, rudeIn: [] }} />);
    expect(await screen.findByText('Nobody has marked this word yet.')).toBeInTheDocument();
  });

  it('lets a learner mark their home country first, saves at once and takes the page’s new tallies', async () => {
    const user = userEvent.setup();
    const reply = { success: true, contentId: entry._id, usage: { ...entry.usage, AR: tally({ understood: 1 }, { understood: 1 }) }, rudeIn: ['ES'], myUsage: { AR: 'understood' } };
    const fetchMock = stubFetch(() => json(reply));
    const { queryClient } = renderWithProviders(<UsagePanel entry={entry} />, { user: { ...testUser, homeCountry: 'AR' } });
    queryClient.setQueryData(entryKeys.detail(entry._id), entry);
    expect(await screen.findByLabelText('Country', { exact: true })).toHaveValue('AR');
    await user.click(screen.getByRole('radio', { name: 'Understood' }));
    expect(await screen.findByText('Your mark is saved.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/setUsage').map((call) => [call.init.method, call.body])).toEqual([
      ['PUT', { contentId: entry._id, country: 'AR', usage: 'understood' }],
    ]);
    expect(queryClient.getQueryData<Entry>(entryKeys.detail(entry._id))).toMatchObject({ usage: reply.usage, myUsage: { AR: 'understood' } });
  });
});
