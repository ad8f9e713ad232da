import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AdminPage } from '@/app/routes/admin-page';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import type { Feedback } from '../types';
import { FeedbackList } from './feedback-list';

afterEach(() => {
  vi.unstubAllGlobals();
});

const items: Feedback[] = [
  {
    _id: 'f2',
    name: 'Lena',
    email: 'lena@example.com',
    message: 'Gracias.\nMás palabras de Chile, por favor.',
    userId: 'bbbbbbbb-0000-4000-8000-000000000002',
    createdAt: '2025-03-02T15:30:00Z',
    handled: false,
    handledAt: null,
    handledBy: null,
  },
  {
    _id: 'f1',
    name: 'Gina',
    email: 'gina@example.com',
    message: 'Más de Bolivia.',
    userId: null,
    createdAt: '2025-03-01T10:00:00Z',
    handled: false,
    handledAt: null,
    handledBy: null,
  },
];

const admin = makeUser({ _id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Jerga Admin', email: 'admin@jerga.local', isAdmin: true });

function renderList() {
  return renderWithProviders(<FeedbackList />, { user: admin });
}

describe('Feedback list (admin)', () => {
  it('shows each message newest first, with name, a mailto link, the date and “guest” for a guest', async () => {
    const fetchMock = stubFetch(() => json({ success: true, data: items }));
    renderList();
    expect(screen.getByRole('status')).toHaveTextContent('Loading feedback...');
    const list = await screen.findByRole('list');
    const articles = within(list).getAllByRole('article');
    expect(articles.map((article) => article.getAttribute('aria-label'))).toEqual(['From Lena (lena@example.com)', 'From Gina (gina@example.com)']);

    const lena = screen.getByRole('article', { name: 'From Lena (lena@example.com)' });
    expect(within(lena).getByText('Lena')).toBeInTheDocument();
    expect(within(lena).getByRole('link', { name: 'lena@example.com' })).toHaveAttribute('href', 'mailto:lena@example.com');
    expect(within(lena).getByText(/Más palabras de Chile/)).toHaveTextContent('Gracias. Más palabras de Chile, por favor.');
    expect(within(lena).queryByText('guest')).not.toBeInTheDocument();
    const date = lena.querySelector('time');
    expect(date).toHaveAttribute('datetime', '2025-03-02T15:30:00Z');
    expect(date).toHaveTextContent(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(items[0].createdAt)));

    const gina = screen.getByRole('article', { name: 'From Gina (gina@example.com)' });
    expect(within(gina).getByText('guest')).toBeInTheDocument();

    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('article', { name: 'De Gina (gina@example.com)' })).toHaveTextContent('visitante');
    expect(lena.querySelector('time')).toHaveTextContent(new Intl.DateTimeFormat('es', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(items[0].createdAt)));

    const [call] = callsTo(fetchMock, '/feedback/getFeedback');
    expect(call.url.searchParams.get('limit')).toBe('500');
  });

  it('puts handled messages after the open ones, dimmed, saying when and by whom', async () => {
    const handledAt = '2025-03-03T09:00:00Z';
    stubFetch(() =>
      json({
        success: true,
        data: [{ ...items[0], handled: true, handledAt, handledBy: { _id: admin._id, name: 'Jerga Admin' } }, items[1]],
      }),
    );
    renderList();
    const lists = await screen.findAllByRole('list');
    expect(lists).toHaveLength(2);
    expect(lists[0]).toHaveAccessibleName('1 open');
    expect(within(lists[0]).getAllByRole('article').map((article) => article.getAttribute('aria-label'))).toEqual(['From Gina (gina@example.com)']);
    const handledSection = screen.getByRole('region', { name: 'Handled (1)' });
    const lena = within(handledSection).getByRole('article', { name: 'From Lena (lena@example.com)' });
    expect(lena).toHaveClass('feedback-item--handled');
    const when = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(handledAt));
    expect(within(lena).getByText(`Handled ${when} by Jerga Admin`)).toBeInTheDocument();
    expect(within(lena).getByRole('button', { name: 'Reopen the feedback from Lena' })).toHaveTextContent('Reopen');
    expect(screen.getByRole('button', { name: 'Mark the feedback from Gina handled' })).toHaveTextContent('Mark handled');

    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('region', { name: 'Atendidas (1)' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reabrir la opinión de Lena' })).toHaveTextContent('Reabrir');
    expect(screen.getByRole('button', { name: 'Marcar como atendida la opinión de Gina' })).toHaveTextContent('Marcar como atendida');
  });

  it('marks a message handled and reopens it, moving it between the lists', async () => {
    const user = userEvent.setup();
    let stored = items;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname === '/api/admin/markFeedbackHandled') {
        const body = JSON.parse(String(init.body)) as { feedbackId: string; handled: boolean };
        stored = stored.map((item) =>
          item._id === body.feedbackId
            ? { ...item, handled: body.handled, handledAt: body.handled ? '2025-03-04T12:00:00Z' : null, handledBy: body.handled ? { _id: admin._id, name: 'Jerga Admin' } : null }
            : item,
        );
        return json({ success: true, data: stored.find((item) => item._id === body.feedbackId) });
      }
      return json({ success: true, data: stored });
    });
    renderList();
    await user.click(await screen.findByRole('button', { name: 'Mark the feedback from Lena handled' }));
    const handledSection = await screen.findByRole('region', { name: 'Handled (1)' });
    expect(within(handledSection).getByRole('article', { name: 'From Lena (lena@example.com)' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/admin/markFeedbackHandled').map((call) => call.body)).toEqual([{ feedbackId: 'f2', handled: true }]);

    // From the keyboard: Reopen has focus, Enter.
    within(handledSection).getByRole('button', { name: 'Reopen the feedback from Lena' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('region', { name: /Handled/ })).not.toBeInTheDocument());
    expect(screen.getByRole('list', { name: '2 open' })).toBeInTheDocument();
    expect(callsTo(fetchMock, '/admin/markFeedbackHandled').map((call) => call.body)[1]).toEqual({ feedbackId: 'f2', handled: false });
  });

  it('says when everything is handled, and shows a refusal clearly', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.pathname === '/api/admin/markFeedbackHandled'
        ? json({ success: false, code: 'feedback_not_found', message: 'Feedback not found.' }, 404)
        : json({ success: true, data: [{ ...items[1], handled: true, handledAt: '2025-03-03T09:00:00Z', handledBy: null }] }),
    );
    renderList();
    expect(await screen.findByText('Everything has been handled.')).toBeInTheDocument();
    expect(screen.getByText(/^Handled Mar 3, 2025/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Reopen the feedback from Gina' }));
    expect(await screen.findByText('Feedback not found.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('Todo está atendido.')).toBeInTheDocument();
  });

  it('treats messages from a server without handling as open', async () => {
    stubFetch(() => json({ success: true, data: [{ _id: 'old', name: 'Otto', email: 'otto@example.com', message: 'Hola.', userId: null, createdAt: '2025-03-01T10:00:00Z' }] }));
    renderList();
    expect(await screen.findByRole('list', { name: '1 open' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Mark the feedback from Otto handled' })).toBeInTheDocument();
  });

  it('says “No feedback yet.” when there is none', async () => {
    stubFetch(() => json({ success: true, data: [] }));
    renderList();
    expect(await screen.findByText('No feedback yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).not.toBeInTheDocument();
  });

  it('says when the list cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ success: false, code: 'internal', message: 'boom' }, 500) : json({ success: true, data: items })));
    renderList();
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to fetch feedback');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findAllByRole('article')).toHaveLength(2);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('sits on the admin page below the users, under a “Feedback” heading', async () => {
    stubFetch((url) =>
      url.pathname === '/api/feedback/getFeedback' ? json({ success: true, data: items }) : json({ users: [admin], nextCursor: null }),
    );
    renderWithProviders(<AdminPage />, { path: '/admin', user: admin, page: true });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Feedback' })).closest('section') as HTMLElement;
    expect(screen.getByRole('table').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(section).findAllByRole('article')).toHaveLength(2);
  });

  it('is not asked for when the user is not an admin', () => {
    const fetchMock = stubFetch();
    renderWithProviders(<AdminPage />, { path: '/admin', user: makeUser(), page: true });
    expect(screen.queryByRole('heading', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/feedback/getFeedback')).toHaveLength(0);
  });
});
