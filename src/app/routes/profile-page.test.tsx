import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '@/i18n';
import type { ProfileReply } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { ProfilePage } from './profile-page';

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en-US'));
});

const olga = { _id: '44444444-4444-4444-8444-444444444444', name: 'Olga Owner', createdAt: '2025-03-01T12:00:00Z', entryCount: 2 };
const chido = makeEntry({ _id: '55555555-5555-4555-8555-555555555551', title: 'chido', owner: olga._id, addedBy: { _id: olga._id, name: olga.name } });
const neta = makeEntry({ _id: '55555555-5555-4555-8555-555555555552', title: 'neta', owner: olga._id, addedBy: { _id: olga._id, name: olga.name } });

function renderProfile(userId = olga._id, user = null as typeof testUser | null) {
  return renderWithProviders(<ProfilePage />, { path: '/users/:userId', route: `/users/${userId}`, user });
}

describe('Profile page', () => {
  it('shows a learner’s name, since when, how many entries and the entries, to a guest', async () => {
    const fetchMock = stubFetch(() => json({ user: olga, data: [neta, chido], nextCursor: null } satisfies ProfileReply));
    renderProfile();
    expect(screen.getByRole('status')).toHaveTextContent('Loading profile...');
    expect(await screen.findByRole('heading', { level: 1, name: 'Olga Owner' })).toBeInTheDocument();
    expect(screen.getByText('Learning with Jerga since March 1, 2025')).toBeInTheDocument();
    expect(screen.getByText('2 entries')).toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Entries' });
    expect(within(section).getAllByRole('article')).toHaveLength(2);
    expect(screen.getByRole('link', { name: 'neta' })).toHaveAttribute('href', `/content/${neta._id}`);
    // Cards on a public profile are never editable.
    expect(screen.queryByRole('link', { name: /^Edit / })).not.toBeInTheDocument();
    expect(screen.queryByText(/your public profile/)).not.toBeInTheDocument();
    expect(callsTo(fetchMock, `/user/getProfile/${olga._id}`)).toHaveLength(1);
  });

  it('pages through the entries with Load more', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.searchParams.get('cursor') === 'next'
        ? json({ user: olga, data: [chido], nextCursor: null })
        : json({ user: olga, data: [neta], nextCursor: 'next' }),
    );
    renderProfile();
    expect(await screen.findByRole('link', { name: 'neta' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('link', { name: 'chido' })).toBeInTheDocument();
    expect(callsTo(fetchMock, `/user/getProfile/${olga._id}`).map((call) => call.url.searchParams.get('cursor'))).toEqual([null, 'next']);
  });

  it('says where their Spanish is from, with its flag, when they said (issue 34)', async () => {
    stubFetch(() => json({ user: { ...olga, speakerCountry: 'MX' }, data: [], nextCursor: null } satisfies ProfileReply));
    const { container } = renderProfile();
    const fact = await screen.findByText('Speaks Spanish from Mexico');
    expect(fact.tagName).toBe('LI');
    expect(container.querySelector('.profile-head__speaker .country-flag')).not.toBeNull();
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByText('Habla español de México')).toBeInTheDocument();
  });

  it('says nothing of it when they did not', async () => {
    stubFetch(() => json({ user: olga, data: [], nextCursor: null } satisfies ProfileReply));
    renderProfile();
    await screen.findByRole('heading', { level: 1, name: 'Olga Owner' });
    expect(screen.queryByText(/Speaks Spanish from/)).not.toBeInTheDocument();
  });

  it('has an empty state', async () => {
    stubFetch(() => json({ user: { ...olga, entryCount: 0 }, data: [], nextCursor: null }));
    renderProfile();
    expect(await screen.findByText('Olga Owner has not added any entries yet.')).toBeInTheDocument();
    expect(screen.getByText('0 entries')).toBeInTheDocument();
  });

  it('tells the learner it is their own public profile, with the way to their account', async () => {
    stubFetch(() => json({ user: { ...olga, _id: testUser._id, name: testUser.name }, data: [], nextCursor: null }));
    renderProfile(testUser._id, testUser);
    expect(await screen.findByText(/This is your public profile/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to your account' })).toHaveAttribute('href', '/account');
  });

  it('says when there is no such learner', async () => {
    stubFetch(() => json({ success: false, code: 'user_not_found', message: 'User not found.' }, 404));
    renderProfile('not-a-uuid');
    expect(await screen.findByRole('heading', { name: 'Learner not found' })).toBeInTheDocument();
    expect(screen.getByText('This account does not exist or was deleted.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to all entries' })).toHaveAttribute('href', '/');
  });

  it('offers Try again when loading fails, and recovers', async () => {
    const user = userEvent.setup();
    let fail = true;
    stubFetch(() => (fail ? json({ success: false, code: 'database_unavailable', message: 'Down.' }, 503) : json({ user: olga, data: [chido], nextCursor: null })));
    renderProfile();
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Olga Owner' })).toBeInTheDocument();
  });
});
