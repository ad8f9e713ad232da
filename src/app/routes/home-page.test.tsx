import { QueryClient } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { entryKeys } from '@/features/entries/api/entry-keys';
import type { Entry, Tag } from '@/lib/api-types';
import { authStorageKey } from '@/lib/supabase';
import { SERVED_READ_ID } from '@/preload-page';
import { renderWithProviders, testUser } from '@/test/render';
import { json } from '@/test/fetch';
import { HomePage, loadFirstRead } from './home-page';
// The deck button's lazy chunk, loaded up front: a test waits for states, not for a transform.
import '@/app/components/deck-button';

const tags: Tag[] = [{ _id: '11111111-1111-4111-8111-111111111111', name: 'food' }];
const entry: Entry = {
  _id: '22222222-2222-4222-8222-222222222222',
  title: 'chévere',
  description: 'Great, cool.',
  descriptionEs: null,
  country: 'VE',
  hint: null,
  exampleSentence: '¡Qué chévere!',
  author: 'Ana',
  owner: null,
  addedBy: null,
  ownerDeleted: false,
  show: true,
  voteCount: 3,
  upvotes: 3,
  downvotes: 0,
  userVote: null,
  inFlashcards: false,
  commentCount: 0,
  rudeIn: [],
  createdAt: '2025-01-01T00:00:00Z',
  updatedAt: '2025-01-01T00:00:00Z',
  tags,
};

const word: Entry = { ...entry, _id: '33333333-3333-4333-8333-333333333333', title: 'bacán', description: 'Great, in Chile.', country: 'CL', voteCount: 9 };

let fetchMock: ReturnType<typeof vi.fn>;

beforeEach(() => {
  fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname.endsWith('/tag/getTags')) return json({ success: true, data: tags });
    if (url.pathname.endsWith('/content/wordOfTheDay')) return json({ date: url.searchParams.get('date'), data: word });
    // Anything searched for finds nothing; the plain list has one entry.
    const filtered = url.searchParams.has('q') || url.searchParams.has('countries') || url.searchParams.has('tags');
    return json({ data: filtered ? [] : [entry], nextCursor: null });
  });
  vi.stubGlobal('fetch', fetchMock);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function requestedUrls() {
  return fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost'));
}

describe('HomePage', () => {
  it('shows "Finding latest content..." while loading, then the cards', async () => {
    renderWithProviders(<HomePage />);
    expect(screen.getByText('Finding latest content...')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'chévere' })).toHaveAttribute('href', `/content/${entry._id}`);
    expect(screen.queryByText('Finding latest content...')).not.toBeInTheDocument();
    expect(within(screen.getByRole('article')).getByText('Venezuela')).toBeInTheDocument();
    expect(screen.getByText('3 votes')).toBeInTheDocument();
    expect(screen.getByText('by Ana')).toBeInTheDocument();
  });

  it('sends the search to the server, keeps it in the URL, and shows the no-results message', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<HomePage />);
    await screen.findByRole('link', { name: 'chévere' });
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'xyz');
    expect(await screen.findByText('No results found. Please try another search.')).toBeInTheDocument();
    expect(requestedUrls().some((url) => url.searchParams.get('q') === 'xyz')).toBe(true);
    expect(router.state.location.search).toBe('?q=xyz');

    await user.click(screen.getByRole('combobox', { name: 'Countries' }));
    await user.click(screen.getByRole('option', { name: 'Mexico' }));
    await waitFor(() => expect(router.state.location.search).toBe('?q=xyz&countries=MX'));
    await waitFor(() =>
      expect(requestedUrls().some((url) => url.searchParams.get('countries') === 'MX' && url.searchParams.get('q') === 'xyz')).toBe(true),
    );

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByRole('link', { name: 'chévere' })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
  });

  it('reads the filters from the URL', async () => {
    renderWithProviders(<HomePage />, { route: `/?countries=AR&tags=${tags[0]._id}` });
    expect(await screen.findByText('No results found. Please try another search.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Argentina' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Remove food' })).toBeInTheDocument();
    const url = requestedUrls().find((u) => u.pathname.endsWith('getContentsSortedByVoteDesc'));
    expect(url?.searchParams.get('countries')).toBe('AR');
    expect(url?.searchParams.get('tags')).toBe(tags[0]._id);
    expect(url?.searchParams.get('limit')).toBe('24');
  });

  it('offers a learner the deck of one country and one tag, and nobody else a deck', async () => {
    const listed = async (input: RequestInfo | URL) => {
      const url = new URL(String(input), 'http://localhost');
      if (url.pathname.endsWith('/tag/getTags')) return json({ success: true, data: tags });
      if (url.pathname.endsWith('/flashcard/addDeck')) return json({ success: true, added: 1, skipped: 0 }, 201);
      return json({ data: [entry], nextCursor: null });
    };
    fetchMock.mockImplementation(listed);
    const deckRoute = `/?countries=VE&tags=${tags[0]._id}`;
    const guest = renderWithProviders(<HomePage />, { route: deckRoute });
    await screen.findByRole('link', { name: 'chévere' });
    expect(screen.queryByRole('button', { name: /^Study/ })).toBeNull();
    guest.unmount();
    const twoCountries = renderWithProviders(<HomePage />, { route: '/?countries=VE,CL', user: testUser });
    await screen.findByRole('link', { name: 'chévere' });
    expect(screen.queryByRole('button', { name: /^Study/ })).toBeNull();
    twoCountries.unmount();

    renderWithProviders(<HomePage />, { route: deckRoute, user: testUser });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Study #food from Venezuela (1 card)' }));
    expect(await screen.findByText('1 card added to your review')).toBeInTheDocument();
    const deck = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/flashcard/addDeck'));
    expect(JSON.parse(String((deck![1] as RequestInit).body))).toEqual({ country: 'VE', tag: 'food', limit: 20 });
  });

  it('offers a retry when the list cannot be loaded', async () => {
    fetchMock.mockImplementation(async () => json({ success: false, code: 'internal', message: 'boom' }, 500));
    renderWithProviders(<HomePage />);
    expect(await screen.findByText('The content could not be loaded. Please try again.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('shows the word of the day above the grid: its title linking to it, its country and meaning', async () => {
    renderWithProviders(<HomePage />);
    const card = await screen.findByRole('region', { name: 'Word of the day' });
    expect(await within(card).findByRole('link', { name: 'bacán' })).toHaveAttribute('href', `/content/${word._id}`);
    expect(within(card).getByText('Chile')).toBeInTheDocument();
    expect(within(card).getByText('Great, in Chile.')).toBeInTheDocument();
    // The reader's own day.
    const asked = requestedUrls().find((url) => url.pathname.endsWith('/content/wordOfTheDay'));
    expect(asked?.searchParams.get('date')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Above the grid.
    const first = screen.getByRole('link', { name: 'chévere' });
    expect(card.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it("holds the word's place with a skeleton while it loads", async () => {
    let answer: (response: Response) => void = () => undefined;
    const list = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/content/wordOfTheDay') ? new Promise<Response>((resolve) => (answer = resolve)) : list(input),
    );
    renderWithProviders(<HomePage />);
    const card = screen.getByRole('region', { name: 'Word of the day' });
    expect(card).toHaveAttribute('aria-busy', 'true');
    expect(within(card).getByRole('status')).toHaveTextContent('Loading the word of the day…');
    await screen.findByRole('link', { name: 'chévere' });
    answer(json({ date: '2026-11-29', data: word }));
    expect(await within(card).findByRole('link', { name: 'bacán' })).toBeInTheDocument();
    expect(card).not.toHaveAttribute('aria-busy');
  });

  it('says so in the card when the word cannot be loaded, and shows no card when there is no word', async () => {
    const list = fetchMock.getMockImplementation() as (input: RequestInfo | URL) => Promise<Response>;
    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/content/wordOfTheDay') ? json({ success: false, code: 'internal', message: 'boom' }, 500) : list(input),
    );
    const failed = renderWithProviders(<HomePage />);
    expect(await screen.findByText('The word of the day could not be loaded.')).toBeInTheDocument();
    failed.unmount();

    fetchMock.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('/content/wordOfTheDay') ? json({ date: '2026-11-29', data: null }) : list(input),
    );
    renderWithProviders(<HomePage />);
    await screen.findByRole('link', { name: 'chévere' });
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Word of the day' })).not.toBeInTheDocument());
  });

  it('orders by Top or New with a radio group kept in the URL', async () => {
    const user = userEvent.setup();
    const { router } = renderWithProviders(<HomePage />);
    await screen.findByRole('link', { name: 'chévere' });
    const group = screen.getByRole('group', { name: 'Order' });
    expect(within(group).getByRole('radio', { name: 'Top' })).toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'New' }));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=new'));
    await waitFor(() => expect(requestedUrls().some((url) => url.pathname.endsWith('/content/getContents') && url.searchParams.get('sort') === 'new')).toBe(true));
    // The keyboard moves between them, as any radio group.
    await user.keyboard('{ArrowLeft}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(within(group).getByRole('radio', { name: 'Top' })).toBeChecked();
  });

  it('reads New from the URL', async () => {
    renderWithProviders(<HomePage />, { route: '/?sort=new&q=che' });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'New' })).toBeChecked());
    await waitFor(() =>
      expect(requestedUrls().some((url) => url.pathname.endsWith('/content/getContents') && url.searchParams.get('sort') === 'new' && url.searchParams.get('q') === 'che')).toBe(true),
    );
    expect(requestedUrls().some((url) => url.pathname.endsWith('getContentsSortedByVoteDesc'))).toBe(false);
  });

  it('links to every country’s page, by name in the reader’s language', async () => {
    renderWithProviders(<HomePage />);
    // Not while the cards load: they would push it down the first screen.
    expect(screen.queryByRole('navigation', { name: 'Slang by country' })).not.toBeInTheDocument();
    const countries = await screen.findByRole('navigation', { name: 'Slang by country' });
    expect(screen.getByRole('link', { name: 'chévere' })).toBeInTheDocument();
    expect(within(countries).getAllByRole('link')).toHaveLength(21);
    expect(within(countries).getByRole('link', { name: 'Mexico' })).toHaveAttribute('href', '/country/MX');
    expect(within(countries).getByRole('link', { name: 'Spain' })).toHaveAttribute('href', '/country/ES');
  });
});

describe('HomePage loadFirstRead (a page the server drew)', () => {
  const path = '/content/getContentsSortedByVoteDesc?limit=24';
  const served = { data: [entry], nextCursor: 'next-page' };
  const defaultKey = entryKeys.list({ q: '', countries: [], tags: [] });

  function serve(read: unknown = { path, body: served }) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.id = SERVED_READ_ID;
    block.textContent = JSON.stringify(read);
    document.body.append(block);
  }

  afterEach(() => {
    document.getElementById(SERVED_READ_ID)?.remove();
    window.localStorage.removeItem(authStorageKey);
    window.history.replaceState(null, '', '/');
  });

  it('puts a guest’s served first page into the grid’s cache, as its first page, and reads nothing', async () => {
    serve();
    const queryClient = new QueryClient();
    await loadFirstRead(queryClient, {});
    expect(queryClient.getQueryData(defaultKey)).toEqual({ pages: [served], pageParams: [null] });
    expect(document.getElementById(SERVED_READ_ID)).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('leaves the cache alone with a search, a filter or New in the URL, for a read of another path, or when a session may be stored', async () => {
    for (const search of ['?q=chamba', '?countries=MX', '?tags=x', '?sort=new']) {
      window.history.replaceState(null, '', `/${search}`);
      serve();
      const queryClient = new QueryClient();
      await loadFirstRead(queryClient, {});
      expect(queryClient.getQueryCache().getAll(), search).toEqual([]);
    }
    window.history.replaceState(null, '', '/');
    serve({ path: `${path}&countries=MX`, body: served });
    const other = new QueryClient();
    await loadFirstRead(other, {});
    expect(other.getQueryCache().getAll()).toEqual([]);

    window.localStorage.setItem(authStorageKey, '{}');
    serve();
    const learner = new QueryClient();
    await loadFirstRead(learner, {});
    expect(learner.getQueryCache().getAll()).toEqual([]);
    expect(document.getElementById(SERVED_READ_ID)).toBeNull();
  });
});
