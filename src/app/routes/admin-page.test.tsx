import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { AdminPage } from './admin-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const admin = makeUser({ _id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Jerga Admin', email: 'admin@jerga.local', isAdmin: true, createdAt: '2025-01-01T00:00:00Z', lastLogin: '2025-03-01T10:00:00Z' });
const users = [
  admin,
  makeUser({ _id: 'bbbbbbbb-0000-4000-8000-000000000002', name: 'Zoe', email: 'zoe@example.com', isAdmin: false, createdAt: '2025-02-01T00:00:00Z', lastLogin: null }),
  makeUser({ _id: 'cccccccc-0000-4000-8000-000000000003', name: 'Ángel', email: 'angel@example.com', isAdmin: false, createdAt: '2025-01-15T00:00:00Z', lastLogin: '2025-02-20T08:00:00Z' }),
];

function names() {
  // The row header's first text is the name (then the avatar letter is hidden, and a "You" badge may follow).
  return within(screen.getByRole('table'))
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.users__name-text')?.firstChild?.textContent);
}

function renderAdmin(user = admin as typeof admin | null) {
  return renderWithProviders(<AdminPage />, { path: '/admin', user, page: true });
}

describe('Admin page', () => {
  it('lists the users with name, email, admin, created and last login', async () => {
    stubFetch(() => json({ users }));
    renderAdmin();
    const table = await screen.findByRole('table');
    const headers = within(table).getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Name', 'Email', 'Admin', 'Created', 'Last login', 'Status']);
    expect(within(table).getByText('zoe@example.com')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Admin rights for Jerga Admin' })).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByRole('switch', { name: 'Admin rights for Zoe' })).toHaveAttribute('aria-checked', 'false');
    expect(screen.getByText('3 users')).toBeInTheDocument();
  });

  it('names the area in its heading, and each tab has its own ("Users" only on Users)', async () => {
    const user = userEvent.setup();
    stubFetch((url) => {
      if (url.pathname === '/api/admin/getReports') return json({ data: [], open: 0, nextCursor: null });
      if (url.pathname === '/api/admin/getAuditLog') return json({ data: [], nextCursor: null });
      return json({ users });
    });
    renderAdmin();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Administration');
    expect(screen.getByRole('heading', { level: 2, name: 'Users' })).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: /Moderation/ }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Moderation queue' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Audit log' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Audit log' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Users' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Administration');
  });

  it('pages through the accounts with Load more, and searches what is loaded', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('cursor') ? json({ users: users.slice(2), nextCursor: null }) : json({ users: users.slice(0, 2), nextCursor: 'next' }),
    );
    renderAdmin();
    await screen.findByRole('table');
    expect(names()).toEqual(['Zoe', 'Jerga Admin']);
    // Not a total while the server has more.
    expect(screen.getByText('2+ users')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(names()).toHaveLength(3));
    expect(screen.getByText('3 users')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/user/getUsers').map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'next']);
    await user.type(screen.getByLabelText('Search users'), 'angel');
    await waitFor(() => expect(names()).toEqual(['Ángel']));
  });

  it('sorts by any column with buttons in the headers and tells aria-sort', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ users }));
    renderAdmin();
    await screen.findByRole('table');
    // Newest first by default.
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Zoe', 'Ángel', 'Jerga Admin']);

    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: 'Created' })).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['Ángel', 'Jerga Admin', 'Zoe']);
    await user.click(screen.getByRole('button', { name: 'Name' }));
    expect(screen.getByRole('columnheader', { name: 'Name' })).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Zoe', 'Jerga Admin', 'Ángel']);

    await user.click(screen.getByRole('button', { name: 'Email' }));
    expect(names()).toEqual(['Jerga Admin', 'Ángel', 'Zoe']);
    await user.click(screen.getByRole('button', { name: 'Admin' }));
    expect(names()[0]).toBe('Jerga Admin');
    await user.click(screen.getByRole('button', { name: 'Last login' }));
    expect(names()).toEqual(['Jerga Admin', 'Ángel', 'Zoe']);
    await user.click(screen.getByRole('button', { name: 'Last login' }));
    expect(names()).toEqual(['Zoe', 'Ángel', 'Jerga Admin']);
  });

  it('searches by name or email, ignoring case and accents', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ users }));
    renderAdmin();
    await screen.findByRole('table');
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'ANGEL');
    await waitFor(() => expect(names()).toEqual(['Ángel']));
    expect(screen.getByText('Showing 1 of 3 users')).toBeInTheDocument();
    await user.clear(screen.getByRole('searchbox', { name: 'Search users' }));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'example.com');
    await waitFor(() => expect(names()).toHaveLength(2));
    await user.type(screen.getByRole('searchbox', { name: 'Search users' }), 'zzz');
    expect(await screen.findByText('No users match your search.')).toBeInTheDocument();
  });

  it('grants admin rights, and shows the last-admin refusal', async () => {
    const user = userEvent.setup();
    let stored = users;
    const fetchMock = stubFetch((url, init) => {
      if (url.pathname.endsWith('/setAdmin')) {
        const body = JSON.parse(String(init.body));
        if (body.userId === admin._id) {
          return json({ success: false, code: 'last_admin', message: 'You cannot remove your own admin rights while you are the only admin.' }, 409);
        }
        stored = stored.map((each) => (each._id === body.userId ? { ...each, isAdmin: body.isAdmin } : each));
        return json({ user: stored.find((each) => each._id === body.userId) });
      }
      return json({ users: stored });
    });
    renderAdmin();
    await user.click(await screen.findByRole('switch', { name: 'Admin rights for Zoe' }));
    expect(await screen.findByText('Zoe is now an admin')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Admin rights for Zoe' })).toHaveAttribute('aria-checked', 'true');
    expect(callsTo(fetchMock, '/user/setAdmin')[0].body).toEqual({ userId: users[1]._id, isAdmin: true });

    await user.click(screen.getByRole('switch', { name: 'Admin rights for Jerga Admin' }));
    expect(await screen.findByText('You cannot remove your own admin rights while you are the only admin.')).toBeInTheDocument();
  });

  it('says "Failed to fetch users" when the list cannot be loaded', async () => {
    stubFetch(() => json({ success: false, code: 'internal', message: 'boom' }, 500));
    renderAdmin();
    expect(await screen.findByText('Failed to fetch users', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('refuses a user who is not an admin, without asking for the list', async () => {
    const fetchMock = stubFetch(() => json({ users }));
    renderAdmin(makeUser());
    expect(screen.getByText("You don't have permission to view this page")).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks a guest to log in', () => {
    stubFetch();
    renderAdmin(null);
    expect(screen.getByText('Please log in to view this page')).toBeInTheDocument();
  });
});
