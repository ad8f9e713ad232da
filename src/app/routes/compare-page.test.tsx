import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { ConceptSearchReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { ComparePage } from './compare-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

const straw: ConceptSearchReply = {
  data: [
    {
      groupId: '66666666-6666-4666-8666-6666666666a1',
      entries: [
        { _id: '66666666-6666-4666-8666-666666666601', title: 'sorbete', country: 'AR', description: 'A drinking straw.', descriptionEs: 'Tubito para beber.' },
        { _id: '66666666-6666-4666-8666-666666666602', title: 'pitillo', country: 'CO', description: 'A drinking straw.', descriptionEs: null },
        { _id: '66666666-6666-4666-8666-666666666603', title: 'popote', country: 'MX', description: 'A drinking straw.', descriptionEs: 'Tubito para sorber.' },
      ],
    },
  ],
};

function renderCompare(route = '/compare') {
  return renderWithProviders(<ComparePage />, { path: '/compare', route });
}

describe('Compare page', () => {
  it('asks for a word before searching, and sends nothing', () => {
    const fetchMock = stubFetch(() => json({ data: [] }));
    renderCompare();
    expect(screen.getByRole('heading', { level: 1, name: 'Compare across countries' })).toBeInTheDocument();
    expect(screen.getByText('Type a word or a meaning to compare how each country says it.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/concept/search')).toHaveLength(0);
  });

  it('shows one row per country for what the learner types, keeping the search in the address', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json(straw));
    const { router } = renderCompare();
    await user.type(screen.getByRole('searchbox', { name: 'Word or meaning' }), 'straw');
    const table = await screen.findByRole('table', { name: 'Said across countries: sorbete, pitillo, popote' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Argentina', 'Colombia', 'Mexico']);
    expect(within(rows[2]).getByRole('link', { name: 'popote' })).toHaveAttribute('href', '/content/66666666-6666-4666-8666-666666666603');
    expect(within(rows[0]).getByRole('cell', { name: 'A drinking straw.' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 group of words matches "straw"' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('?q=straw');
    expect(callsTo(fetchMock, '/concept/search').map((call) => call.url.searchParams.get('q'))).toEqual(['straw']);
  });

  it('searches at once on Enter and starts from a shared address', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json(straw));
    renderCompare('/compare?q=popote');
    expect(screen.getByRole('searchbox', { name: 'Word or meaning' })).toHaveValue('popote');
    expect(await screen.findByRole('link', { name: 'sorbete' })).toBeInTheDocument();
    const box = screen.getByRole('searchbox', { name: 'Word or meaning' });
    await user.clear(box);
    await user.type(box, 'pajita{Enter}');
    await screen.findByRole('link', { name: 'sorbete' });
    expect(callsTo(fetchMock, '/concept/search').map((call) => call.url.searchParams.get('q'))).toEqual(['popote', 'pajita']);
  });

  it('shows the meaning in Spanish to a Spanish reader, the English one marked when there is none', async () => {
    stubFetch(() => json(straw));
    renderCompare('/compare?q=popote');
    await screen.findByRole('link', { name: 'popote' });
    await act(() => i18n.changeLanguage('es'));
    const table = screen.getByRole('table', { name: 'Se dice entre países: sorbete, pitillo, popote' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(within(rows[0]).getByRole('rowheader')).toHaveTextContent('Argentina');
    expect(within(rows[0]).getByRole('cell', { name: 'Tubito para beber.' })).toBeInTheDocument();
    expect(within(rows[1]).getAllByRole('cell')[1]).toHaveTextContent('A drinking straw. (en inglés)');
    expect(within(rows[2]).getByRole('rowheader')).toHaveTextContent('México');
    expect(screen.getByRole('columnheader', { name: 'Significado' })).toBeInTheDocument();
  });

  it('says when no group matches', async () => {
    stubFetch(() => json({ data: [] }));
    renderCompare('/compare?q=zzz');
    expect(await screen.findByText(/No group of words across countries matches "zzz" yet/)).toBeInTheDocument();
  });

  it('shows loading, then an error with Try again that recovers', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ success: false, code: 'database_unavailable', message: 'Down.' }, 503) : json(straw)));
    renderCompare('/compare?q=straw');
    expect(screen.getByRole('status')).toHaveTextContent('Looking across countries...');
    expect(await screen.findByRole('alert')).toHaveTextContent("The comparison couldn't be loaded.");
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'pitillo' })).toBeInTheDocument();
  });

  it('clears the search and the address', async () => {
    const user = userEvent.setup();
    stubFetch(() => json(straw));
    const { router } = renderCompare('/compare?q=straw');
    await screen.findByRole('link', { name: 'popote' });
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('searchbox', { name: 'Word or meaning' })).toHaveValue('');
    expect(screen.getByText('Type a word or a meaning to compare how each country says it.')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });
});
