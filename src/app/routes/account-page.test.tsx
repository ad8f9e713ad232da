import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { AccountPage } from './account-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const visible = makeEntry();
const hidden = makeEntry({ _id: '33333333-3333-4333-8333-333333333333', title: 'pololo', country: 'CL', show: false });

function renderAccount(user = testUser as typeof testUser | null) {
  return renderWithProviders(<AccountPage />, { path: '/account', user, page: true });
}

describe('Account page', () => {
  it('asks a logged-out visitor to log in', () => {
    stubFetch();
    renderAccount(null);
    expect(screen.getByRole('heading', { name: 'Please log in to view this page' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('shows the streaks and the user’s own entries with edit links, hidden ones marked', async () => {
    const fetchMock = stubFetch(() => json({ data: [visible, hidden], nextCursor: null }));
    renderAccount();
    expect(screen.getByText('Current streak').closest('div')).toHaveTextContent('3 days');
    expect(screen.getByText('Longest streak').closest('div')).toHaveTextContent('7 days');
    expect(await screen.findByRole('link', { name: 'Edit chamba' })).toHaveAttribute('href', `/editContent/${visible._id}`);
    expect(screen.getByRole('link', { name: 'Edit pololo' })).toHaveAttribute('href', `/editContent/${hidden._id}`);
    const hiddenCard = screen.getByRole('link', { name: 'pololo' }).closest('article') as HTMLElement;
    expect(within(hiddenCard).getByText('Hidden')).toBeInTheDocument();
    const visibleCard = screen.getByRole('link', { name: 'chamba' }).closest('article') as HTMLElement;
    expect(within(visibleCard).queryByText('Hidden')).not.toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/content/getContents/${testUser._id}`)).toHaveLength(1);
  });

  it('loads the server’s pages one after another with Load more, not claiming a total it does not have', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('cursor') === 'page-2' ? json({ data: [hidden], nextCursor: null }) : json({ data: [visible], nextCursor: 'page-2' }),
    );
    renderAccount();
    expect(await screen.findByRole('link', { name: 'Edit chamba' })).toBeInTheDocument();
    expect(screen.getByText('1+ entry')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit pololo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'Edit pololo' })).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = callsTo(fetchMock, `/content/getContents/${testUser._id}`);
    expect(calls.map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'page-2']);
  });

  it('asks where the learner’s Spanish is from, showing the saved country (issue 34)', async () => {
    stubFetch(() => json({ data: [], nextCursor: null }));
    renderAccount({ ...testUser, speakerCountry: 'MX' });
    const select = await screen.findByRole('combobox', { name: 'Where your Spanish is from' });
    expect(select).toHaveValue('MX');
    expect(screen.getByRole('button', { name: 'Save where your Spanish is from' })).toBeDisabled();
  });

  it('has an empty state', async () => {
    stubFetch(() => json({ data: [], nextCursor: null }));
    renderAccount();
    expect(await screen.findByText("You haven't added any entries yet.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add an entry' })).toHaveAttribute('href', '/addContent');
  });

  it('changes the display name (JSON with no content-type) and toasts "Updated successfully"', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.pathname.endsWith('/user/update') ? json({ user: { ...testUser, name: 'Lu' } }) : json({ data: [], nextCursor: null }),
    );
    renderAccount();
    const name = screen.getByLabelText('Display name');
    const save = screen.getByRole('button', { name: 'Save' });
    expect(name).toHaveValue('Lucía');
    expect(save).toBeDisabled();
    await user.clear(name);
    await user.click(save);
    expect(screen.getByText('Please provide your name.')).toBeInTheDocument();
    await user.type(name, 'Lu');
    expect(screen.queryByText('Please provide your name.')).not.toBeInTheDocument();
    await user.click(save);
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, '/user/update');
    expect(call.body).toEqual({ name: 'Lu' });
    expect(call.init.method).toBe('POST');
    expect(Object.keys(call.init.headers as Record<string, string>).map((h) => h.toLowerCase())).not.toContain('content-type');
  });

  it('treats an update reply without a user as "Update failed"', async () => {
    const user = userEvent.setup();
    stubFetch((url) => (url.pathname.endsWith('/user/update') ? json({}) : json({ data: [], nextCursor: null })));
    renderAccount();
    await user.type(screen.getByLabelText('Display name'), 'x');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Update failed')).toBeInTheDocument();
    expect(screen.getByText('Updating your profile failed. Please try again.')).toBeInTheDocument();
  });
});
