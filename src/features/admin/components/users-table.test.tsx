import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import enUSAdmin from '@/i18n/locales/en-US.admin.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';
import type { ListedUser } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeUser } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';
import { useUsers } from '../api/get-users';
import { UsersTable } from './users-table';

// The admin page adds these with its chunk.
addEnglishPageStrings({ admin: enUSAdmin });

afterEach(() => {
  vi.unstubAllGlobals();
});

const DAY = 86_400_000;
const weekAhead = new Date(Date.now() + 7 * DAY).toISOString();
const centuryAhead = new Date(Date.now() + 100 * 365 * DAY).toISOString();

const listed = (overrides: Partial<ListedUser>): ListedUser => ({ ...makeUser(overrides), bannedUntil: null, ...overrides });
const me = listed({ _id: 'aaaaaaaa-0000-4000-8000-000000000001', name: 'Jerga Admin', email: 'admin@jerga.local', isAdmin: true });
const otherAdmin = listed({ _id: 'aaaaaaaa-0000-4000-8000-000000000002', name: 'Ada', email: 'ada@jerga.local', isAdmin: true });
const zoe = listed({ _id: 'bbbbbbbb-0000-4000-8000-000000000003', name: 'Zoe', email: 'zoe@example.com' });
const week = listed({ _id: 'cccccccc-0000-4000-8000-000000000004', name: 'Wen', email: 'wen@example.com', bannedUntil: weekAhead });
const forGood = listed({ _id: 'dddddddd-0000-4000-8000-000000000005', name: 'Gus', email: 'gus@example.com', bannedUntil: centuryAhead });
// A ban that has ended already reads as no ban.
const ended = listed({ _id: 'eeeeeeee-0000-4000-8000-000000000006', name: 'Eva', email: 'eva@example.com', bannedUntil: '2020-01-01T00:00:00Z' });

function Table() {
  const users = useUsers();
  return <UsersTable users={users.data?.pages.flatMap((page) => page.users) ?? []} currentUserId={me._id} />;
}

/** A fake /api: the users list and banUser, which answers like ban_user (or with `refusal`). */
function stubServer(refusal?: { status: number; code: string; message: string }) {
  let stored = [me, otherAdmin, zoe, week, forGood, ended];
  const fetchMock = stubFetch((url, init) => {
    if (url.pathname === '/api/admin/banUser') {
      if (refusal) return json({ success: false, ...refusal }, refusal.status);
      const body = JSON.parse(String(init.body)) as { userId: string; banned: boolean; until?: string };
      const bannedUntil = body.banned ? (body.until ?? centuryAhead) : null;
      stored = stored.map((each) => (each._id === body.userId ? { ...each, bannedUntil } : each));
      return json({ success: true, user: stored.find((each) => each._id === body.userId) });
    }
    return json({ users: stored, nextCursor: null });
  });
  return fetchMock;
}

const row = (name: string) => screen.getByRole('rowheader', { name: new RegExp(`^${name}`) }).closest('tr') as HTMLElement;
const dateOf = (iso: string) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(new Date(iso));

describe('Users table: bans', () => {
  it('shows each account’s ban, and offers Ban only where ban_user allows it (never yourself or an admin)', async () => {
    stubServer();
    renderWithProviders(<Table />, { user: me });
    await screen.findByRole('rowheader', { name: /^Zoe/ });
    expect(screen.getByRole('columnheader', { name: 'Status' })).toBeInTheDocument();

    expect(within(row('Zoe')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Zoe')).getByRole('button', { name: 'Ban Zoe' })).toHaveTextContent('Ban');
    expect(within(row('Wen')).getByText(`Banned until ${dateOf(weekAhead)}`)).toBeInTheDocument();
    expect(within(row('Wen')).getByRole('button', { name: 'Unban Wen' })).toHaveTextContent('Unban');
    expect(within(row('Gus')).getByText('Banned')).toBeInTheDocument();
    expect(within(row('Gus')).queryByRole('button', { name: /^Ban / })).not.toBeInTheDocument();
    expect(within(row('Eva')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Eva')).getByRole('button', { name: 'Ban Eva' })).toBeInTheDocument();
    for (const name of ['Jerga Admin', 'Ada']) {
      expect(within(row(name)).getByText('Active')).toBeInTheDocument();
      expect(within(row(name)).queryByRole('button', { name: /Ban|Lift/ })).not.toBeInTheDocument();
    }
  });

  it('bans from the keyboard with a reason for 30 days, and the row says until when', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer();
    renderWithProviders(<Table />, { user: me });
    const banButton = await screen.findByRole('button', { name: 'Ban Zoe' });
    banButton.focus();
    await user.keyboard('{Enter}');

    const dialog = screen.getByRole('dialog', { name: 'Ban Zoe' });
    const reason = within(dialog).getByRole('textbox', { name: 'Reason' });
    expect(reason).toHaveFocus();
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toBeChecked();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['1 day', '7 days', '30 days', 'For good']);
    await user.keyboard('  Spam ring.  ');
    await user.tab();
    expect(within(dialog).getByRole('radio', { name: '7 days' })).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    expect(within(dialog).getByRole('radio', { name: '30 days' })).toBeChecked();
    const before = Date.now();
    await user.keyboard('{Enter}');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const [call] = callsTo(fetchMock, '/admin/banUser');
    expect(call.body).toMatchObject({ userId: zoe._id, banned: true, reason: 'Spam ring.' });
    const until = Date.parse(call.body.until);
    expect(until - before).toBeGreaterThanOrEqual(30 * DAY - 1000);
    expect(until - Date.now()).toBeLessThanOrEqual(30 * DAY);
    const day = dateOf(call.body.until);
    expect(await within(row('Zoe')).findByText(`Banned until ${day}`)).toBeInTheDocument();
    expect(screen.getByText(new RegExp(`^Zoe is banned until ${day}`))).toBeInTheDocument();
    expect(within(row('Zoe')).queryByRole('button', { name: 'Ban Zoe' })).not.toBeInTheDocument();
    expect(within(row('Zoe')).getByRole('button', { name: 'Unban Zoe' })).toBeInTheDocument();
  });

  it('bans for good without an end, and lifts a ban', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer();
    renderWithProviders(<Table />, { user: me });
    await user.click(await screen.findByRole('button', { name: 'Ban Eva' }));
    await user.click(screen.getByRole('radio', { name: 'For good' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Ban' }));
    expect(await screen.findByText('Eva is banned')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/admin/banUser')[0].body).toEqual({ userId: ended._id, banned: true });
    expect(within(row('Eva')).getByText('Banned')).toBeInTheDocument();

    await user.click(within(row('Wen')).getByRole('button', { name: 'Unban Wen' }));
    expect(await screen.findByText('Wen can sign in again')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/admin/banUser')[1].body).toEqual({ userId: week._id, banned: false });
    expect(within(row('Wen')).getByText('Active')).toBeInTheDocument();
    expect(within(row('Wen')).getByRole('button', { name: 'Ban Wen' })).toBeInTheDocument();
  });

  it('shows a refusal in the dialog, refuses a reason over 500 characters itself, and Escape closes it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubServer({ status: 409, code: 'ban_admin', message: "Revoke this user's admin rights before banning them." });
    renderWithProviders(<Table />, { user: me });
    const opener = await screen.findByRole('button', { name: 'Ban Zoe' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Ban Zoe' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'x'.repeat(501) } });
    expect(within(dialog).getByText('A reason is at most 500 characters.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('A reason is at most 500 characters.');
    expect(callsTo(fetchMock, '/admin/banUser')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Reason' }), { target: { value: 'Spam.' } });
    await user.click(within(dialog).getByRole('button', { name: 'Ban' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent("Revoke this user's admin rights before banning them.");
    expect(screen.getByRole('dialog')).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
    expect(within(row('Zoe')).getByText('Active')).toBeInTheDocument();
  });

  it('speaks Spanish', async () => {
    const user = userEvent.setup();
    stubServer();
    renderWithProviders(<Table />, { user: me });
    await screen.findByRole('rowheader', { name: /^Zoe/ });
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByRole('columnheader', { name: 'Estado' })).toBeInTheDocument();
    expect(within(row('Zoe')).getByText('Activo')).toBeInTheDocument();
    expect(within(row('Gus')).getByText('Bloqueado')).toBeInTheDocument();
    const esDate = new Intl.DateTimeFormat('es', { dateStyle: 'medium' }).format(new Date(weekAhead));
    expect(within(row('Wen')).getByText(`Bloqueado hasta el ${esDate}`)).toBeInTheDocument();
    expect(within(row('Wen')).getByRole('button', { name: 'Desbloquear a Wen' })).toHaveTextContent('Desbloquear');
    await user.click(within(row('Zoe')).getByRole('button', { name: 'Bloquear a Zoe' }));
    const dialog = screen.getByRole('dialog', { name: 'Bloquear a Zoe' });
    expect(within(dialog).getByRole('group', { name: 'Durante cuánto tiempo' })).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((radio) => radio.parentElement?.textContent)).toEqual(['1 día', '7 días', '30 días', 'Para siempre']);
    expect(within(dialog).getByRole('textbox', { name: 'Motivo' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toBeInTheDocument();
  });
});
