import { act, screen, within } from '@testing-library/react';
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
  },
  { _id: 'f1', name: 'Gina', email: 'gina@example.com', message: 'Más de Bolivia.', userId: null, createdAt: '2025-03-01T10:00:00Z' },
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
    renderWithProviders(<AdminPage />, { path: '/admin', user: admin });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Feedback' })).closest('section') as HTMLElement;
    expect(screen.getByRole('table').compareDocumentPosition(section) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await within(section).findAllByRole('article')).toHaveLength(2);
  });

  it('is not asked for when the user is not an admin', () => {
    const fetchMock = stubFetch();
    renderWithProviders(<AdminPage />, { path: '/admin', user: makeUser() });
    expect(screen.queryByRole('heading', { name: 'Feedback' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/feedback/getFeedback')).toHaveLength(0);
  });
});
