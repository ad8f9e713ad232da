import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry, makeUser } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { EntryOwnerActions } from './entry-owner-actions';

afterEach(() => {
  vi.unstubAllGlobals();
});

const entry = makeEntry();
const stranger = makeUser({ _id: '99999999-9999-4999-8999-999999999999', name: 'Otra' });

function renderActions(user: typeof testUser | null = testUser) {
  return renderWithProviders(<EntryOwnerActions entry={entry} />, {
    path: '/content/:id',
    route: `/content/${entry._id}`,
    user,
    extraRoutes: [
      { path: '/', element: <p>home page</p> },
      { path: '/editContent/:id', element: <p>edit page</p> },
    ],
  });
}

describe('Edit and Delete on the entry page', () => {
  it('shows the owner Edit, which opens the edit page, and Delete', async () => {
    const user = userEvent.setup();
    const { router } = renderActions();
    expect(screen.getByRole('button', { name: 'Delete' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Edit' }));
    expect(screen.getByText('edit page')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/editContent/${entry._id}`);
    expect(router.state.location.state).toEqual({ from: `/content/${entry._id}` });
  });

  it('shows them to an admin, and to nobody else', () => {
    const { unmount } = renderActions(makeUser({ ...stranger, isAdmin: true }));
    expect(screen.getByRole('link', { name: 'Edit' })).toBeInTheDocument();
    unmount();
    const other = renderActions(stranger);
    expect(screen.queryByRole('link', { name: 'Edit' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
    other.unmount();
    renderActions(null);
    expect(screen.queryByRole('button', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('asks before deleting; Escape or Cancel keeps the entry and gives the focus back', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, _id: entry._id }));
    renderActions();
    const remove = screen.getByRole('button', { name: 'Delete' });
    remove.focus();
    await user.keyboard('{Enter}');
    // The dialog's code comes on the first Delete.
    const dialog = await screen.findByRole('dialog', { name: 'Delete this entry?' });
    expect(dialog).toHaveTextContent('“chamba” will be removed for everyone');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(remove).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/deleteContent')).toHaveLength(0);
  });

  it('deletes once confirmed, then goes home and says so', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, _id: entry._id }));
    const { router } = renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Deleted successfully');
    expect(callsTo(fetchMock, '/content/deleteContent')[0].body).toEqual({ id: entry._id });
    // Replaced: Back does not return to the page of an entry that is gone.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('stays and says so when the delete fails', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: false, code: 'internal', message: '' }, 500));
    renderActions();
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete entry' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deleting content failed. Please try again.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByText('home page')).not.toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderActions();
    expect(screen.getByRole('link', { name: 'Editar' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
  });
});
