import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import type { Comment } from '../api/get-comments';
import { CommentsSection } from './comments-section';

const entryId = '22222222-2222-4222-8222-222222222222';
const mine: Comment = {
  _id: 'c1000000-0000-4000-8000-000000000001',
  contentId: entryId,
  text: 'Lo dice mi abuela.',
  owner: { _id: testUser._id, name: testUser.name },
  createdAt: new Date(Date.now() - 5 * 60_000).toISOString(),
};
const theirs: Comment = { ...mine, _id: 'c1000000-0000-4000-8000-000000000002', text: 'En Lima también.', owner: { _id: 'other', name: 'Pía' } };

afterEach(() => {
  vi.unstubAllGlobals();
});

function serve(comments: Comment[]) {
  return stubFetch((url, init) => {
    if (url.pathname === '/api/comment/addComment') {
      const body = JSON.parse(String(init.body)) as { text: string };
      return json({ success: true, data: { ...mine, _id: 'c1000000-0000-4000-8000-000000000003', text: body.text, createdAt: new Date().toISOString() } }, 201);
    }
    if (url.pathname.startsWith('/api/comment/deleteComment/')) return json({ success: true, data: mine });
    return json({ success: true, data: comments });
  });
}

describe('CommentsSection', () => {
  it('lists comments newest first with relative times; the writer may delete their own only', async () => {
    serve([mine, theirs]);
    renderWithProviders(<CommentsSection entryId={entryId} count={2} />, { user: testUser });
    const list = await screen.findByRole('list');
    const items = within(list).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('Lo dice mi abuela.');
    expect(items[0]).toHaveTextContent('5 minutes ago');
    expect(within(items[0]).getByRole('button', { name: 'Delete comment' })).toBeInTheDocument();
    expect(within(items[1]).queryByRole('button', { name: 'Delete comment' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  });

  it('checks the text before sending, posts a comment and puts it first', async () => {
    const user = userEvent.setup();
    const fetchMock = serve([theirs]);
    renderWithProviders(<CommentsSection entryId={entryId} count={1} />, { user: testUser });
    await screen.findByText('En Lima también.');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('Please write a comment.')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/comment/addComment')).toHaveLength(0);
    await user.type(screen.getByLabelText('Your comment'), '  ¡Bacán!  ');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(await screen.findByText('Comment added successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/comment/addComment')[0].body).toEqual({ contentId: entryId, text: '¡Bacán!' });
    expect(within(screen.getByRole('list')).getAllByRole('listitem')[0]).toHaveTextContent('¡Bacán!');
    expect(screen.getByLabelText('Your comment')).toHaveValue('');
  });

  it('asks visitors to log in to comment, and collapses', async () => {
    const user = userEvent.setup();
    serve([]);
    renderWithProviders(<CommentsSection entryId={entryId} count={0} />);
    expect(await screen.findByText('No comments yet. Be the first to say something.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log in to comment' })).toHaveAttribute('href', '/login');
    await user.click(screen.getByRole('button', { name: 'Hide comments' }));
    expect(screen.getByRole('button', { name: 'Show comments' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('No comments yet. Be the first to say something.')).not.toBeVisible();
  });

  it('speaks Spanish, times included', async () => {
    serve([mine]);
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<CommentsSection entryId={entryId} count={1} />, { user: testUser });
    expect(await screen.findByText('hace 5 minutos')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 comentario' })).toBeInTheDocument();
  });
});
