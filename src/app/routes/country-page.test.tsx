import { QueryClient } from '@tanstack/react-query';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { entryKeys } from '@/features/entries/api/entry-keys';
import i18n from '@/i18n';
import { env } from '@/lib/env';
import { pagePaths } from '@/page-paths';
import { SERVED_READ_ID } from '@/preload-page';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { CountryPage, countryFilters, loadFirstRead } from './country-page';
// The deck button's lazy chunk, loaded up front: a test waits for states, not for a transform.
import '@/app/components/deck-button';

afterEach(async () => {
  vi.unstubAllGlobals();
  document.title = 'Jerga';
  await act(() => i18n.changeLanguage('en-US'));
});

const chamba = makeEntry({ _id: '61000000-0000-4000-8000-000000000001', title: 'chamba', description: 'Work, a job.', country: 'MX', upvotes: 9, voteCount: 9 });
const guey = makeEntry({ _id: '61000000-0000-4000-8000-000000000002', title: 'güey', description: 'Dude.', country: 'MX', upvotes: 4, voteCount: 4 });

function renderCountry(route: string) {
  return renderWithProviders(<CountryPage />, { path: '/country/:code', route });
}

describe('Country page', () => {
  it('shows the country’s entries best-voted first under its hero, and names the tab', async () => {
    const fetchMock = stubFetch(() => json({ data: [chamba, guey], nextCursor: null }));
    renderCountry('/country/MX');
    expect(screen.getByRole('heading', { level: 1, name: 'Mexican Spanish slang' })).toHaveClass('hero__title');
    expect(screen.getByText('The words and phrases of Mexico, best-voted first.')).toHaveClass('hero__text');
    const cards = await screen.findAllByRole('article');
    expect(cards.map((card) => within(card).getByRole('heading', { level: 2 }).textContent)).toEqual(['chamba', 'güey']);
    expect(within(cards[0]).getByRole('link', { name: 'chamba' })).toHaveAttribute('href', `/content/${chamba._id}`);
    expect(document.title).toBe('Mexican Spanish slang — Jerga');
    // The read the server sends a guest before the app's code (page-paths.ts' firstRead) is
    // exactly the app's own first read, so the app takes it rather than asking again.
    const [call] = callsTo(fetchMock, '/content/getContentsSortedByVoteDesc');
    const firstRead = pagePaths.find((page) => page.path === 'country/:code')!.firstRead!;
    expect(call.url.href).toBe(new URL(env.apiUrl + firstRead.replace(':code', 'MX'), 'http://localhost').href);
  });

  it('speaks the reader’s language', async () => {
    stubFetch(() => json({ data: [chamba], nextCursor: null }));
    renderCountry('/country/MX');
    await screen.findByRole('article');
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('heading', { level: 1, name: 'Jerga de México' })).toBeInTheDocument();
    expect(document.title).toBe('Jerga de México — Jerga');
  });

  it('offers a signed-in learner the country’s deck, as many cards as match, and a guest none', async () => {
    const fetchMock = stubFetch((url) =>
      url.pathname.endsWith('/flashcard/addDeck') ? json({ success: true, added: 2, skipped: 0 }, 201) : json({ data: [chamba, guey], nextCursor: null }),
    );
    const { unmount } = renderCountry('/country/MX');
    await screen.findAllByRole('article');
    expect(screen.queryByRole('button', { name: /^Study/ })).toBeNull();
    unmount();
    renderWithProviders(<CountryPage />, { path: '/country/:code', route: '/country/MX', user: testUser });
    await screen.findAllByRole('article');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Study Mexico (2 cards)' }));
    expect(await screen.findByText('2 cards added to your review')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/addDeck').map((call) => call.body)).toEqual([{ country: 'MX', limit: 20 }]);
    // The list is read again: its cards now show they are in the learner's flashcards.
    await vi.waitFor(() => expect(callsTo(fetchMock, '/content/getContentsSortedByVoteDesc').length).toBeGreaterThan(2));
  });

  it('says when the country has no entries yet', async () => {
    stubFetch(() => json({ data: [], nextCursor: null }));
    renderCountry('/country/GQ');
    expect(await screen.findByText('No entries from Equatorial Guinea yet.')).toBeInTheDocument();
  });

  it('sends a lower-case code to the upper-case address', async () => {
    stubFetch(() => json({ data: [chamba], nextCursor: null }));
    const { router } = renderCountry('/country/mx');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mexican Spanish slang' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/country/MX');
  });

  it('shows the not-found page for an unknown code, asking nothing', async () => {
    const fetchMock = stubFetch(() => json({ data: [], nextCursor: null }));
    renderCountry('/country/FR');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('shows an error with Try again that recovers', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ code: 'database_unavailable', message: 'Down.' }, 503) : json({ data: [guey], nextCursor: null })));
    renderCountry('/country/MX');
    expect(await screen.findByRole('alert')).toHaveTextContent('The content could not be loaded. Please try again.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'güey' })).toBeInTheDocument();
  });
});

describe('Country page loadFirstRead (a page the server drew)', () => {
  afterEach(() => document.getElementById(SERVED_READ_ID)?.remove());

  it('puts a guest’s served first page of the country into its list’s cache, and reads nothing', async () => {
    const fetchMock = stubFetch(() => json({ data: [], nextCursor: null }));
    const served = { data: [makeEntry({ country: 'MX' })], nextCursor: null };
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SERVED_READ_ID;
    block.textContent = JSON.stringify({ path: '/content/getContentsSortedByVoteDesc?countries=MX&limit=24', body: served });
    document.body.append(block);
    const queryClient = new QueryClient();
    await loadFirstRead(queryClient, { code: 'MX' });
    expect(queryClient.getQueryData(entryKeys.list(countryFilters('MX')))).toEqual({ pages: [served], pageParams: [null] });
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(SERVED_READ_ID)).toBeNull();
  });
});
