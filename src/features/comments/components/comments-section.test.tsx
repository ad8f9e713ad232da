import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { COMMENT_MAX_LENGTH } from '@contract/limits';
import type { Comment } from '../api/get-comments';
import { CommentsSection } from './comments-section';
import { UNDO_MS } from './use-delete-with-undo';

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
  vi.useRealTimers();
});

function serve(comments: Comment[], deleteStatus = 200) {
  return stubFetch((url, init) => {
    if (url.pathname.startsWith('/api/comment/deleteComment/') && deleteStatus !== 200) return json({ success: false, code: 'internal', message: '' }, deleteStatus);
    if (url.pathname === '/api/comment/addComment') {
      const body = JSON.parse(String(init.body)) as { text: string };
      return json({ success: true, data: { ...mine, _id: 'c1000000-0000-4000-8000-000000000003', text: body.text, createdAt: new Date().toISOString() } }, 201);
    }
    if (url.pathname.startsWith('/api/comment/deleteComment/')) return json({ success: true, data: mine });
    return json(comments);
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

  it('replies to a comment: the reply goes under it, one level deep, with its parentId', async () => {
    const user = userEvent.setup();
    const earlierReply: Comment = { ...mine, _id: 'c1000000-0000-4000-8000-000000000009', text: 'Y en Cusco.', parentId: theirs._id };
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/comment/addComment') {
        const body = JSON.parse(String(init.body)) as { text: string; parentId?: string };
        return json({ success: true, data: { ...mine, _id: 'c1000000-0000-4000-8000-000000000004', text: body.text, parentId: body.parentId, createdAt: new Date().toISOString() } }, 201);
      }
      return json([earlierReply, theirs]);
    });
    renderWithProviders(<CommentsSection entryId={entryId} count={2} />, { user: testUser });
    const thread = await screen.findByRole('list', { name: 'Replies to Pía' });
    expect(within(thread).getByText('Y en Cusco.')).toBeInTheDocument();
    // Replies are one level deep: no Reply on a reply.
    expect(screen.getAllByRole('button', { name: /^Reply to/ })).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Reply to Pía' }));
    const field = screen.getByLabelText('Your reply to Pía');
    expect(field).toHaveFocus();
    await user.type(field, 'Y en Arequipa.');
    await user.click(screen.getByRole('button', { name: 'Post reply' }));
    await waitFor(() => expect(within(thread).getByText('Y en Arequipa.')).toBeInTheDocument());
    expect(callsTo(fetchMock, '/comment/addComment')[0].body).toEqual({ contentId: entryId, text: 'Y en Arequipa.', parentId: theirs._id });
    expect(screen.queryByLabelText('Your reply to Pía')).not.toBeInTheDocument();
    // Oldest first in a thread.
    expect(within(thread).getAllByRole('listitem').map((item) => item.querySelector('.comment__text')?.textContent)).toEqual(['Y en Cusco.', 'Y en Arequipa.']);
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

  it('keeps an over-long comment, counts how much is over, and refuses to post it', async () => {
    const user = userEvent.setup();
    const fetchMock = serve([]);
    renderWithProviders(<CommentsSection entryId={entryId} count={0} />, { user: testUser });
    const box = screen.getByLabelText('Your comment');
    expect(box).not.toHaveAttribute('maxLength');
    await user.click(box);
    await user.paste('a'.repeat(COMMENT_MAX_LENGTH + 12));
    expect(box).toHaveValue('a'.repeat(COMMENT_MAX_LENGTH + 12));
    expect(screen.getByText('12 characters over')).toHaveClass('field__counter--over');
    await user.click(screen.getByRole('button', { name: 'Post Comment' }));
    expect(screen.getByText('A comment is at most 2000 characters.')).toBeInTheDocument();
    expect(box).toHaveFocus();
    expect(callsTo(fetchMock, '/comment/addComment')).toHaveLength(0);
  });
});

describe('Deleting a comment', () => {
  const deleteCalls = (fetchMock: ReturnType<typeof serve>) => callsTo(fetchMock, `/comment/deleteComment/${mine._id}`);

  function setUp(deleteStatus = 200) {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const fetchMock = serve([mine, theirs], deleteStatus);
    const view = renderWithProviders(<CommentsSection entryId={entryId} count={2} />, {
      user: testUser,
      extraRoutes: [{ path: '/elsewhere', element: <p>another page</p> }],
    });
    return { user, fetchMock, ...view };
  }

  it('hides it at once and offers Undo; Undo brings it back and nothing is sent', async () => {
    const { user, fetchMock } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    expect(screen.queryByText('Lo dice mi abuela.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 comment' })).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Comment deleted');
    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByText('Lo dice mi abuela.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete comment' })).toHaveFocus();
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(deleteCalls(fetchMock)).toHaveLength(0);
    expect(screen.getByRole('heading', { name: '2 comments' })).toBeInTheDocument();
  });

  it('sends the DELETE only when the Undo toast has gone', async () => {
    const { user, fetchMock } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS - 100));
    expect(deleteCalls(fetchMock)).toHaveLength(0);
    await act(() => vi.advanceTimersByTimeAsync(100));
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    expect(deleteCalls(fetchMock)[0].init.method).toBe('DELETE');
    expect(screen.queryByText('Lo dice mi abuela.')).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '1 comment' })).toBeInTheDocument();
  });

  it('sends it at once when the page is left, and takes the toast away', async () => {
    const { user, fetchMock, router } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    await act(() => router.navigate('/elsewhere'));
    expect(screen.getByText('another page')).toBeInTheDocument();
    expect(deleteCalls(fetchMock)).toHaveLength(1);
    expect(screen.getByRole('status')).toHaveClass('toast--closing');
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS * 2));
    expect(deleteCalls(fetchMock)).toHaveLength(1);
  });

  it('sends it, to outlive the tab, when the tab closes', async () => {
    const { user, fetchMock } = setUp();
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    act(() => void window.dispatchEvent(new Event('pagehide')));
    await waitFor(() => expect(deleteCalls(fetchMock)).toHaveLength(1));
    expect(deleteCalls(fetchMock)[0].init.keepalive).toBe(true);
  });

  it('shows the comment again and says so when the DELETE fails', async () => {
    const { user } = setUp(500);
    await user.click(await screen.findByRole('button', { name: 'Delete comment' }));
    await act(() => vi.advanceTimersByTimeAsync(UNDO_MS));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to delete the comment. Please try again.');
    expect(screen.getByText('Lo dice mi abuela.')).toBeInTheDocument();
  });

  it('offers Undo in Spanish', async () => {
    const { user } = setUp();
    await act(() => i18n.changeLanguage('es'));
    await user.click(await screen.findByRole('button', { name: 'Eliminar comentario' }));
    expect(screen.getByRole('button', { name: 'Deshacer' })).toBeInTheDocument();
  });
});
