import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import { entryKeys } from '@/features/entries/api/entry-keys';
import type { Entry } from '@/lib/api-types';
import { makeEntry } from '@/test/fixtures';
import { predictSummary, voteInLists } from '../api/cast-vote';
import { VoteControl } from './vote-control';

const entryId = '22222222-2222-4222-8222-222222222222';
const initial = { contentId: entryId, upvotes: 3, downvotes: 1, voteCount: 2, userVote: null };

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderControl(user = testUser as typeof testUser | null) {
  return renderWithProviders(<VoteControl entryId={entryId} title="chévere" initial={initial} />, { user });
}

const group = () => screen.getByRole('group', { name: 'Votes for “chévere”' });

describe('VoteControl', () => {
  it('predicts the tallies of a first vote, a switch and a take-back', () => {
    const none = { ...initial, userVote: null };
    expect(predictSummary(none, 'upvote')).toEqual({ ...initial, upvotes: 4, voteCount: 3, userVote: 'upvote' });
    expect(predictSummary({ ...initial, userVote: 'upvote' }, 'downvote')).toEqual({ ...initial, upvotes: 2, downvotes: 2, voteCount: 0, userVote: 'downvote' });
    expect(predictSummary({ ...initial, userVote: 'downvote' }, null)).toEqual({ ...initial, downvotes: 0, voteCount: 3, userVote: null });
  });

  it('asks a visitor to log in (info toast), sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: { ...initial, userVote: null } }));
    renderControl(null);
    await user.click(await screen.findByRole('button', { name: 'Vote up' }));
    expect(await screen.findByText('Please log in to vote')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/vote/addVote')).toHaveLength(0);
  });

  it('shows the learner’s own vote pressed; pressing it again takes it back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => {
      if (url.pathname.startsWith('/api/vote/removeVote')) return json({ success: true, data: { ...initial, upvotes: 2, voteCount: 1, userVote: null } });
      return json({ success: true, data: { ...initial, userVote: 'upvote' } });
    });
    renderControl();
    const up = () => screen.getByRole('button', { name: 'Vote up' });
    await waitFor(() => expect(up()).toHaveAttribute('aria-pressed', 'true'));
    await user.click(up());
    expect(await screen.findByText('Vote removed')).toBeInTheDocument();
    expect(up()).toHaveAttribute('aria-pressed', 'false');
    expect(group()).toHaveTextContent('1 vote');
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).includes('/vote/removeVote/') && init?.method === 'DELETE')).toBe(true);
  });

  it('moves the score at once, and rolls it back with the spec’s toast when the server refuses', async () => {
    const user = userEvent.setup();
    let answer: (response: Response) => void = () => {};
    stubFetch((url) => {
      if (url.pathname === '/api/vote/addVote') return new Promise<Response>((resolve) => (answer = resolve));
      return json({ success: true, data: { ...initial, userVote: null } });
    });
    renderControl();
    await waitFor(() => expect(group()).toHaveTextContent('2 votes'));
    await user.click(screen.getByRole('button', { name: 'Vote down' }));
    expect(group()).toHaveTextContent('1 vote');
    expect(screen.getByRole('button', { name: 'Vote down' })).toHaveAttribute('aria-pressed', 'true');
    await act(async () => answer(json({ success: false, code: 'internal', message: 'Something went wrong.' }, 500)));
    expect(await screen.findByText('Failed to record vote. Please try again.')).toBeInTheDocument();
    expect(group()).toHaveTextContent('2 votes');
    expect(screen.getByRole('button', { name: 'Vote down' })).toHaveAttribute('aria-pressed', 'false');
  });

  it('speaks Spanish', async () => {
    stubFetch(() => json({ success: true, data: { ...initial, userVote: null } }));
    await act(() => i18n.changeLanguage('es'));
    renderControl();
    expect(await screen.findByRole('group', { name: 'Votos de «chévere»' })).toHaveTextContent('2 votos');
    expect(screen.getByRole('button', { name: 'Votar a favor' })).toBeInTheDocument();
  });
});

describe('a vote from a card (voteInLists)', () => {
  function cachedList(queryClient: QueryClient) {
    const key = entryKeys.list({ q: '', countries: [], tags: [] });
    queryClient.setQueryData<InfiniteData<{ data: Entry[] }>>(key, {
      pages: [{ data: [makeEntry({ _id: entryId, upvotes: 3, downvotes: 1, voteCount: 2, userVote: null }), makeEntry({ _id: 'other' })] }],
      pageParams: [null],
    });
    return () => queryClient.getQueryData<InfiniteData<{ data: Entry[] }>>(key)!.pages[0].data[0];
  }

  it('moves the cached lists at once and keeps the server’s answer', async () => {
    const queryClient = new QueryClient();
    const first = cachedList(queryClient);
    stubFetch(() => json({ success: true, data: { ...initial, upvotes: 4, voteCount: 3, userVote: 'upvote' } }, 201));
    const pending = voteInLists(queryClient, { ...initial, userVote: null }, 'upvote');
    expect(first()).toMatchObject({ upvotes: 4, voteCount: 3, userVote: 'upvote' });
    await pending;
    expect(first()).toMatchObject({ upvotes: 4, voteCount: 3, userVote: 'upvote' });
  });

  it('puts the lists back when the server refuses', async () => {
    const queryClient = new QueryClient();
    const first = cachedList(queryClient);
    stubFetch(() => json({ success: false, code: 'internal', message: 'Something went wrong.' }, 500));
    await expect(voteInLists(queryClient, { ...initial, userVote: null }, 'downvote')).rejects.toThrow();
    expect(first()).toMatchObject({ upvotes: 3, downvotes: 1, voteCount: 2, userVote: null });
  });
});
