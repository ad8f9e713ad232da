import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry, makeUser } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { EditEntryPage } from './edit-entry-page';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = makeEntry();

function renderEdit(user = testUser as typeof testUser | null) {
  return renderWithProviders(<EditEntryPage />, {
    path: '/editContent/:id',
    route: `/editContent/${entry._id}`,
    user,
    extraRoutes: [{ path: '/account', element: <p>account page</p> }],
    page: true,
  });
}

describe('Edit Content page', () => {
  it('prefills the form; Update stays disabled until something changed', async () => {
    const user = userEvent.setup();
    stubFetch(() => json(entry));
    renderEdit();
    expect(await screen.findByLabelText('Title')).toHaveValue('chamba');
    expect(screen.getByLabelText('Description')).toHaveValue('Work, a job.');
    expect(screen.getByLabelText('Country')).toHaveValue('MX');
    expect(screen.getByLabelText('Example sentence')).toHaveValue('Tengo mucha chamba.');
    expect(screen.getByLabelText('Hint')).toHaveValue('');
    const update = screen.getByRole('button', { name: 'Update' });
    expect(update).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), ' ');
    expect(update).toBeDisabled();
    await user.type(screen.getByLabelText('Title'), 's');
    expect(update).toBeEnabled();
    await user.clear(screen.getByLabelText('Title'));
    await user.type(screen.getByLabelText('Title'), 'chamba');
    expect(update).toBeDisabled();
  });

  it('sends only what changed, toasts, and is disabled again after saving', async () => {
    const user = userEvent.setup();
    let resolve!: (response: Response) => void;
    const fetchMock = stubFetch((url) =>
      url.pathname.endsWith('/updateContent') ? new Promise<Response>((r) => (resolve = r)) : json(entry),
    );
    renderEdit();
    await user.type(await screen.findByLabelText('Hint'), 'ch...');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled();
    resolve(json({ ...entry, hint: 'ch...', updatedAt: '2025-02-01T00:00:00Z' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Update' })).toBeDisabled());
    expect(screen.getByLabelText('Hint')).toHaveValue('ch...');
    const [call] = callsTo(fetchMock, '/content/updateContent');
    expect(call.init.method).toBe('PUT');
    expect(call.body).toEqual({ _id: entry._id, hint: 'ch...' });
  });

  it('toasts a failed update', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.pathname.endsWith('/updateContent') ? json({ success: false, code: 'internal', message: '' }, 500) : json(entry),
    );
    renderEdit();
    await user.type(await screen.findByLabelText('Title'), 's');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findAllByText('Updating content failed. Please try again.')).toHaveLength(2);
  });

  it('deletes only after confirming, then goes to the Account page', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('/deleteContent') ? json({ success: true, _id: entry._id }) : json(entry)));
    renderEdit();
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this entry?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/deleteContent')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText('account page')).toBeInTheDocument();
    expect(screen.getByText('Deleted successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/deleteContent')[0].body).toEqual({ id: entry._id });
  });

  it('refuses someone who neither owns the entry nor is an admin', async () => {
    stubFetch(() => json(entry));
    renderEdit(makeUser({ _id: '99999999-9999-4999-8999-999999999999', name: 'Otra' }));
    expect(await screen.findByText("You don't have permission to edit this entry.")).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('lets an admin edit someone else’s entry', async () => {
    stubFetch(() => json(entry));
    renderEdit(makeUser({ _id: '99999999-9999-4999-8999-999999999999', isAdmin: true }));
    expect(await screen.findByRole('button', { name: 'Update' })).toBeDisabled();
  });

  it('asks a guest to log in', async () => {
    stubFetch(() => json(entry));
    renderEdit(null);
    expect(await screen.findByText('Please log in to view this page')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
  });

  it('opened from the entry’s page, leads back there, and a delete goes home', async () => {
    const user = userEvent.setup();
    stubFetch((url) => (url.pathname.endsWith('/deleteContent') ? json({ success: true, _id: entry._id }) : json(entry)));
    renderWithProviders(<EditEntryPage />, {
      path: '/editContent/:id',
      route: `/editContent/${entry._id}`,
      initialState: { from: `/content/${entry._id}` },
      user: testUser,
      extraRoutes: [{ path: '/', element: <p>home page</p> }],
      page: true,
    });
    expect(await screen.findByRole('link', { name: '← Back to the entry' })).toHaveAttribute('href', `/content/${entry._id}`);
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
  });
});
