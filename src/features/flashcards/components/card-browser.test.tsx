import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CardBrowserPage } from '@/app/routes/card-browser-page';
import type { BrowsedFlashcard } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';

afterEach(() => {
  vi.unstubAllGlobals();
});

function browsed(n: number, extra: Partial<BrowsedFlashcard> = {}): BrowsedFlashcard {
  return {
    _id: `00000000-0000-4000-8000-00000000030${n}`,
    userId: testUser._id,
    contentId: `00000000-0000-4000-8000-00000000040${n}`,
    kind: 'basic',
    prompt: `carta ${n}`,
    createdAt: '2026-11-01T10:00:00Z',
    due: '2026-11-28T10:00:00Z',
    state: 'review',
    stability: 3,
    difficulty: 5,
    scheduledDays: 3,
    learningSteps: 0,
    reps: 2,
    lapses: 0,
    lastReview: '2026-11-20T10:00:00Z',
    recording: null,
    content: { _id: `00000000-0000-4000-8000-00000000040${n}`, title: `carta ${n}`, description: `meaning ${n}`, descriptionEs: null, exampleSentence: '', hint: '', country: 'MX' },
    suspended: false,
    tags: [],
    ...extra,
  } as BrowsedFlashcard;
}

function stubBrowser(pages: Record<string, { data: BrowsedFlashcard[]; nextCursor: string | null }>) {
  return stubFetch((url, init) => {
    if (url.pathname === `/api/flashcard/browse/${testUser._id}`) {
      const key = [...url.searchParams.entries()].map(([k, v]) => `${k}=${v}`).join('&');
      return json({ success: true, ...(pages[key] ?? { data: [], nextCursor: null }) });
    }
    if (url.pathname.startsWith('/api/flashcard/suspend/')) {
      const body = JSON.parse(String(init.body)) as { suspended: boolean };
      return json({ success: true, data: browsed(1, { suspended: body.suspended }) });
    }
    if (url.pathname.startsWith('/api/flashcard/reset/')) return json({ success: true, data: browsed(1, { state: 'new' }) });
    if (url.pathname.startsWith('/api/flashcard/removeFlashcard/')) return json({ success: true, data: { _id: browsed(1)._id } });
    if (url.pathname === '/api/tag/getTags') return json({ success: true, data: [{ _id: 't1', name: 'Trabajo' }] });
    return json({ data: [], nextCursor: null });
  });
}

const renderBrowser = () => renderWithProviders(<CardBrowserPage />, { path: '/flashcards/cards', user: testUser, page: true });

describe('/flashcards/cards', () => {
  it('lists the cards with state, country and tags, and pages on', async () => {
    const user = userEvent.setup();
    stubBrowser({
      '': { data: [browsed(1, { tags: ['Trabajo'] }), browsed(2, { suspended: true })], nextCursor: 'next' },
      'cursor=next': { data: [browsed(3, { state: 'new' })], nextCursor: null },
    });
    renderBrowser();
    const first = await screen.findByRole('listitem', { name: 'carta 1' });
    expect(within(first).getByText('Review')).toBeInTheDocument();
    expect(within(first).getByText('Mexico')).toBeInTheDocument();
    expect(within(first).getByText('Trabajo')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'carta 2' })).getByText('Suspended')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /load more/i }));
    expect(await screen.findByRole('listitem', { name: 'carta 3' })).toBeInTheDocument();
  });

  it('asks the server with the search, country, tag and state filters', async () => {
    const user = userEvent.setup();
    const fetchMock = stubBrowser({ '': { data: [browsed(1)], nextCursor: null }, 'q=carta&country=CU&tag=Trabajo&state=suspended': { data: [browsed(2)], nextCursor: null } });
    renderBrowser();
    await screen.findByRole('listitem', { name: 'carta 1' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country' }), 'CU');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Trabajo' })).toBeInTheDocument());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Tag' }), 'Trabajo');
    await user.selectOptions(screen.getByRole('combobox', { name: 'State' }), 'suspended');
    await user.type(screen.getByRole('searchbox', { name: 'Search word or meaning' }), 'carta{Enter}');
    expect(await screen.findByRole('listitem', { name: 'carta 2' })).toBeInTheDocument();
    const asked = callsTo(fetchMock, `/flashcard/browse/${testUser._id}`).map((call) => call.url.search);
    expect(asked.at(-1)).toBe('?q=carta&country=CU&tag=Trabajo&state=suspended');
  });

  it('filters by kind, listening cards among them, each labelled by its kind', async () => {
    const user = userEvent.setup();
    const listening = browsed(2, { kind: 'listening', prompt: 'Listen — Mexico' });
    const fetchMock = stubBrowser({ '': { data: [browsed(1), listening], nextCursor: null }, 'kind=listening': { data: [listening], nextCursor: null } });
    renderBrowser();
    expect(within(await screen.findByRole('listitem', { name: /^carta 2/ })).getByText('Listen → word and meaning')).toBeInTheDocument();
    const kind = screen.getByRole('combobox', { name: 'Kind' });
    expect(within(kind).getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Any kind', 'Word → meaning', 'Meaning → word', 'Fill the gap', "Country's form", 'Listen → word and meaning',
    ]);
    await user.selectOptions(kind, 'listening');
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'carta 1' })).toBeNull());
    expect(screen.getByRole('listitem', { name: /^carta 2/ })).toBeInTheDocument();
    expect(callsTo(fetchMock, `/flashcard/browse/${testUser._id}`).at(-1)?.url.search).toBe('?kind=listening');
  });

  it('suspends and resumes a card, resets and deletes one after asking', async () => {
    const user = userEvent.setup();
    const fetchMock = stubBrowser({ '': { data: [browsed(1)], nextCursor: null } });
    renderBrowser();
    const card = await screen.findByRole('listitem', { name: 'carta 1' });
    await user.click(within(card).getByRole('button', { name: 'Suspend carta 1' }));
    expect(await screen.findByText('“carta 1” is suspended: it won\'t come up until you resume it.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/flashcard/suspend/${browsed(1)._id}`)[0].body).toEqual({ suspended: true });

    await user.click(within(card).getByRole('button', { name: 'Reset carta 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset “carta 1”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Reset' }));
    expect(await screen.findByText('“carta 1” starts again as a new card.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/flashcard/reset/${browsed(1)._id}`)).toHaveLength(1);

    await user.click(within(card).getByRole('button', { name: 'Delete carta 1' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete “carta 1”?' })).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('“carta 1” was removed from your flashcards.')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/flashcard/removeFlashcard/${browsed(1)._id}`)[0].init.method).toBe('DELETE');
  });

  it('shows a suspended card as suspended at once, without waiting for the list to be asked again', async () => {
    const user = userEvent.setup();
    let listed = 0;
    stubFetch((url, init) => {
      if (url.pathname === `/api/flashcard/browse/${testUser._id}`) {
        listed += 1;
        // The first list comes; the one asked for after the change never does (a slow server).
        return listed === 1 ? json({ success: true, data: [browsed(1)], nextCursor: null }) : new Promise<Response>(() => {});
      }
      if (url.pathname.startsWith('/api/flashcard/suspend/')) {
        return json({ success: true, data: browsed(1, { suspended: (JSON.parse(String(init.body)) as { suspended: boolean }).suspended }) });
      }
      return json({ success: true, data: [] });
    });
    renderBrowser();
    const card = await screen.findByRole('listitem', { name: 'carta 1' });
    await user.click(within(card).getByRole('button', { name: 'Suspend carta 1' }));
    expect(await within(card).findByText('Suspended', { exact: true })).toBeInTheDocument();
    expect(within(card).getByRole('button', { name: 'Resume carta 1' })).toBeInTheDocument();
    expect(listed).toBeGreaterThan(1);
  });

  it('shows the change when the search was typed just before it (the list asked for before the change never wins)', async () => {
    const user = userEvent.setup();
    let suspended = false;
    let releaseStale: (() => void) | undefined;
    const asked: string[] = [];
    stubFetch((url, init) => {
      if (url.pathname === `/api/flashcard/browse/${testUser._id}`) {
        asked.push(url.search);
        const reply = () => json({ success: true, data: [browsed(1, { suspended })], nextCursor: null });
        // The searched list asked for before the change answers only after it, with what it saw then.
        if (url.search === '?q=carta' && !releaseStale) {
          const stale = browsed(1);
          return new Promise<Response>((resolve) => (releaseStale = () => resolve(json({ success: true, data: [stale], nextCursor: null }))));
        }
        return reply();
      }
      if (url.pathname.startsWith('/api/flashcard/suspend/')) {
        suspended = (JSON.parse(String(init.body)) as { suspended: boolean }).suspended;
        return json({ success: true, data: browsed(1, { suspended }) });
      }
      return json({ success: true, data: [] });
    });
    renderBrowser();
    await screen.findByRole('listitem', { name: 'carta 1' });
    await user.type(screen.getByRole('searchbox', { name: 'Search word or meaning' }), 'carta{Enter}');
    await waitFor(() => expect(releaseStale).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Suspend carta 1' }));
    await screen.findByText('“carta 1” is suspended: it won\'t come up until you resume it.');
    releaseStale!();
    const card = screen.getByRole('listitem', { name: 'carta 1' });
    expect(await within(card).findByText('Suspended', { exact: true })).toBeInTheDocument();
    await waitFor(() => expect(asked.filter((search) => search === '?q=carta')).toHaveLength(2));
    expect(within(screen.getByRole('listitem', { name: 'carta 1' })).getByText('Suspended', { exact: true })).toBeInTheDocument();
  });

  it('says when nothing matches', async () => {
    stubBrowser({});
    renderBrowser();
    expect(await screen.findByText('No cards match these filters.')).toBeInTheDocument();
  });
});
