import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { ConceptGroupReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders } from '@/test/render';
import { CompareGroupPage } from './compare-group-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  document.title = 'Jerga';
  await act(() => i18n.changeLanguage('en-US'));
});

const groupId = '66666666-6666-4666-8666-6666666666a1';
// By country, as the /api sends them; Colombia's is the best-voted and names the group.
const straw: ConceptGroupReply = {
  data: {
    groupId,
    entries: [
      { _id: '66666666-6666-4666-8666-666666666601', title: 'sorbete', country: 'AR', description: 'A straw.', descriptionEs: null, voteScore: 2 },
      { _id: '66666666-6666-4666-8666-666666666602', title: 'pitillo', country: 'CO', description: 'A drinking straw.', descriptionEs: 'Tubito para sorber.', voteScore: 7 },
      { _id: '66666666-6666-4666-8666-666666666603', title: 'popote', country: 'MX', description: 'Straw.', descriptionEs: null, voteScore: 7 },
    ],
  },
};

function renderGroup(id = groupId) {
  return renderWithProviders(<CompareGroupPage />, { path: '/compare/:groupId', route: `/compare/${id}` });
}

describe('a comparison’s own page', () => {
  it('names the group by its best-voted member’s meaning over the table, and the tab too', async () => {
    const fetchMock = stubFetch(() => json(straw));
    renderGroup();
    expect(await screen.findByRole('heading', { level: 1, name: 'How to say “A drinking straw.” across countries' })).toHaveClass('hero__title');
    expect(screen.getByText('One meaning, and the word each country uses for it.')).toHaveClass('hero__text');
    const table = screen.getByRole('table', { name: 'Said across countries: sorbete, pitillo, popote' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['Argentina', 'Colombia', 'Mexico']);
    expect(within(rows[2]).getByRole('link', { name: 'popote' })).toHaveAttribute('href', '/content/66666666-6666-4666-8666-666666666603');
    expect(document.title).toBe('How to say “A drinking straw.” across countries — Jerga');
    expect(callsTo(fetchMock, `/concept/${groupId}`)).toHaveLength(1);
  });

  it('uses the Spanish meaning for a Spanish reader', async () => {
    stubFetch(() => json(straw));
    renderGroup();
    await screen.findByRole('table');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Cómo se dice «Tubito para sorber.» en cada país' })).toBeInTheDocument();
    expect(document.title).toBe('Cómo se dice «Tubito para sorber.» en cada país — Jerga');
  });

  it('shows the not-found page for a group nobody may see (404 concept_not_found)', async () => {
    stubFetch(() => json({ code: 'concept_not_found', message: 'No such comparison.' }, 404));
    renderGroup('not-a-group');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Jerga');
  });

  it('shows an error with Try again that recovers', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ code: 'database_unavailable', message: 'Down.' }, 503) : json(straw)));
    renderGroup();
    expect(await screen.findByRole('alert')).toHaveTextContent('The content could not be loaded. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'pitillo' })).toBeInTheDocument();
  });
});
