import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddTagPage } from '@/app/routes/add-tag-page';
import i18n from '@/i18n';
import type { Tag } from '@/lib/api-types';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { EntryTags } from './entry-tags';

// Tags in Spanish: the Add Tag form's optional Spanish name, the folded list where a tag's
// creator (an admin: anyone) sets it later, and tags shown by their Spanish name in Spanish.

afterEach(() => {
  vi.unstubAllGlobals();
});

const other = '00000000-0000-4000-8000-000000000009';
const food: Tag = { _id: '11111111-1111-4111-8111-111111111111', name: 'food', nameEs: 'comida', owner: testUser._id };
const party: Tag = { _id: '11111111-1111-4111-8111-111111111112', name: 'party', owner: testUser._id };
const slang: Tag = { _id: '11111111-1111-4111-8111-111111111113', name: 'slang', owner: other };

const renderPage = (user = testUser) =>
  renderWithProviders(<AddTagPage />, { path: '/addTag', user, extraRoutes: [{ path: '/', element: <p>home page</p> }] });

describe('the Add Tag form’s Spanish name', () => {
  it('is optional and sent trimmed as nameEs', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: food }, 201));
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.type(screen.getByLabelText('Spanish name'), ' comida ');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(await screen.findByText('home page')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/tag/addTag')[0].body).toEqual({ name: 'food', nameEs: 'comida' });
  });

  it('refuses more than 20 characters and sends nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'food');
    await user.type(screen.getByLabelText('Spanish name'), 'comida-de-la-calle-mexicana');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    expect(screen.getByText('A Spanish tag name is at most 20 characters.')).toHaveClass('field__error');
    expect(screen.getByLabelText('Spanish name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('puts a Spanish name taken by another tag under its field, in the reader’s language', async () => {
    const user = userEvent.setup();
    stubFetch(() =>
      json({ success: false, code: 'tag_name_es_exists', message: 'x', fieldCodes: { nameEs: 'tag_name_es_exists' }, data: food }, 409),
    );
    renderPage();
    await user.type(screen.getByLabelText('Name'), 'meals');
    await user.type(screen.getByLabelText('Spanish name'), 'Comida');
    await user.click(screen.getByRole('button', { name: 'Add Tag' }));
    const field = screen.getByLabelText('Spanish name').closest('.field') as HTMLElement;
    expect(await within(field).findByText('A tag with this Spanish name already exists.')).toBeInTheDocument();
    await act(() => i18n.changeLanguage('es'));
    expect(within(field).getByText('Ya existe una etiqueta con este nombre en español.')).toBeInTheDocument();
  });
});

describe('Spanish names, set later', () => {
  it('lists only the learner’s own tags once opened, and saves an inline edit with PUT /tag/updateTag/{id}', async () => {
    const user = userEvent.setup();
    // The server's tags: the edit changes what a refetch of the list then says.
    let partyNow = party;
    const fetchMock = stubFetch((url) => {
      if (!url.pathname.startsWith('/api/tag/updateTag/')) return json({ success: true, data: [food, partyNow, slang], nextCursor: null });
      partyNow = { ...party, nameEs: 'fiesta' };
      return json({ success: true, message: 'Updated successfully', data: partyNow });
    });
    renderPage();
    expect(fetchMock).not.toHaveBeenCalled();
    const toggle = screen.getByRole('button', { name: 'Spanish names' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByText('comida')).toBeInTheDocument();
    expect(screen.getByText('No Spanish name')).toBeInTheDocument();
    expect(screen.queryByText('slang')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Edit the Spanish name of party' }));
    const input = screen.getByLabelText('Spanish name of party');
    expect(input).toHaveFocus();
    await user.type(input, ' fiesta {Enter}');
    expect(await screen.findByText('Spanish name saved')).toBeInTheDocument();
    const [call] = callsTo(fetchMock, `/tag/updateTag/${party._id}`);
    expect(call.init.method).toBe('PUT');
    expect(call.body).toEqual({ nameEs: 'fiesta' });
    expect(await screen.findByText('fiesta')).toBeInTheDocument();
  });

  it('clears a Spanish name with null; Cancel and Escape leave it as it was', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) =>
      url.pathname.startsWith('/api/tag/updateTag/')
        ? json({ success: true, data: { ...food, nameEs: undefined } })
        : json({ success: true, data: [food], nextCursor: null }),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Spanish names' }));
    await user.click(await screen.findByRole('button', { name: 'Edit the Spanish name of food' }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.getByText('comida')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Edit the Spanish name of food' }));
    await user.keyboard('{Escape}');
    expect(screen.getByText('comida')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/tag/updateTag/${food._id}`)).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Edit the Spanish name of food' }));
    await user.clear(screen.getByLabelText('Spanish name of food'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Spanish name saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, `/tag/updateTag/${food._id}`)[0].body).toEqual({ nameEs: null });
  });

  it('shows a refusal under the field', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.pathname.startsWith('/api/tag/updateTag/')
        ? json({ success: false, code: 'forbidden', message: 'You do not have permission to do that.' }, 403)
        : json({ success: true, data: [party], nextCursor: null }),
    );
    renderPage();
    await user.click(screen.getByRole('button', { name: 'Spanish names' }));
    await user.click(await screen.findByRole('button', { name: 'Edit the Spanish name of party' }));
    await user.type(screen.getByLabelText('Spanish name of party'), 'fiesta');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('You do not have permission to do that.')).toHaveClass('field__error');
  });

  it('lets an admin name any tag, and says when a learner has none', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: true, data: [food, slang], nextCursor: null }));
    const view = renderPage({ ...testUser, isAdmin: true });
    await user.click(screen.getByRole('button', { name: 'Spanish names' }));
    expect(await screen.findByRole('button', { name: 'Edit the Spanish name of slang' })).toBeInTheDocument();
    view.unmount();

    renderPage({ ...testUser, _id: '00000000-0000-4000-8000-000000000002' });
    await user.click(screen.getByRole('button', { name: 'Spanish names' }));
    expect(await screen.findByText('You have not created any tags yet.')).toBeInTheDocument();
  });

  it('is not offered to a guest', () => {
    stubFetch();
    renderWithProviders(<AddTagPage />, { path: '/addTag', user: null });
    expect(screen.queryByRole('button', { name: 'Spanish names' })).not.toBeInTheDocument();
  });
});

describe('an entry’s tags in Spanish', () => {
  it('show their Spanish name, or their name when they have none', async () => {
    stubFetch(() => json({ success: true, data: [food, party] }));
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<EntryTags entryId="22222222-2222-4222-8222-222222222222" initialTags={[{ ...food, canRemove: true }, party]} />, {
      user: testUser,
    });
    const list = await screen.findByRole('list');
    expect(within(list).getByText('comida')).toBeInTheDocument();
    expect(within(list).getByText('party')).toBeInTheDocument();
    expect(within(list).queryByText('food')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Quitar la etiqueta comida' })).toBeInTheDocument();
  });
});
