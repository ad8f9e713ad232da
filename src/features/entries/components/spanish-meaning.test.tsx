import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddEntryPage } from '@/app/routes/add-entry-page';
import { EditEntryPage } from '@/app/routes/edit-entry-page';
import { EntryPage } from '@/app/routes/entry-page';
import i18n from '@/i18n';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { EntryCard } from '@/app/components/entry-card';

// Meanings in Spanish too: the add and edit forms' optional "Meaning in Spanish", and where a
// meaning is read, the Spanish interface's choice (the Spanish one, or the English one marked).

afterEach(() => {
  vi.unstubAllGlobals();
});

const withSpanish = makeEntry({ descriptionEs: 'Trabajo, empleo.', tags: [{ _id: 't1', name: 'work', nameEs: 'trabajo', canRemove: false }] });
const englishOnly = makeEntry({ _id: '33333333-3333-4333-8333-333333333333', title: 'neta', description: 'The truth.' });

describe('the add form’s Meaning in Spanish', () => {
  const renderAdd = () =>
    renderWithProviders(<AddEntryPage />, { path: '/addContent', user: testUser, extraRoutes: [{ path: '/content/:id', element: <p>detail page</p> }] });

  it('is optional and sent trimmed as descriptionEs', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('/addContent') ? json({ success: true, data: withSpanish }, 201) : json({ data: [] })));
    renderAdd();
    const field = screen.getByLabelText('Meaning in Spanish');
    expect(field).not.toHaveAttribute('aria-required');
    expect(field).toHaveAttribute('lang', 'es');
    await user.type(screen.getByLabelText('Title'), 'chamba');
    await user.type(screen.getByLabelText('Description'), 'Work, a job.');
    await user.type(field, '  Trabajo, empleo.  ');
    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/addContent')[0].body).toMatchObject({ description: 'Work, a job.', descriptionEs: 'Trabajo, empleo.' });
  });

  it('leaves descriptionEs out of the request when empty', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('/addContent') ? json({ success: true, data: englishOnly }, 201) : json({ data: [] })));
    renderAdd();
    await user.type(screen.getByLabelText('Title'), 'neta');
    await user.type(screen.getByLabelText('Description'), 'The truth.');
    await user.type(screen.getByLabelText('Meaning in Spanish'), '   ');
    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(await screen.findByText('detail page')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/addContent')[0].body).not.toHaveProperty('descriptionEs');
  });

  it('refuses more than 1000 characters with the locale’s message, in English and Spanish', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ data: [] }));
    renderAdd();
    await user.type(screen.getByLabelText('Title'), 'chamba');
    await user.type(screen.getByLabelText('Description'), 'Work.');
    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    await user.click(screen.getByLabelText('Meaning in Spanish'));
    await user.paste('ñ'.repeat(1001));
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    expect(screen.getByText('The meaning in Spanish must be at most 1000 characters.')).toHaveClass('field__error');
    expect(screen.getByLabelText('Meaning in Spanish')).toHaveFocus();
    expect(callsTo(fetchMock, '/content/addContent')).toEqual([]);
    await act(() => i18n.changeLanguage('es'));
    expect(screen.getByLabelText('Significado en español')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('El significado en español puede tener como máximo 1000 caracteres.')).toBeInTheDocument();
  });

  it('puts the server’s code for it under the field', async () => {
    const user = userEvent.setup();
    stubFetch((url) =>
      url.pathname.endsWith('/addContent')
        ? json({ success: false, code: 'description_es_too_long', message: 'x', fieldCodes: { descriptionEs: 'description_es_too_long' } }, 400)
        : json({ data: [] }),
    );
    renderAdd();
    await user.type(screen.getByLabelText('Title'), 'chamba');
    await user.type(screen.getByLabelText('Description'), 'Work.');
    await user.type(screen.getByLabelText('Meaning in Spanish'), 'Trabajo.');
    await user.selectOptions(screen.getByLabelText('Country'), 'MX');
    await user.click(screen.getByRole('button', { name: 'Add Content' }));
    const field = screen.getByLabelText('Meaning in Spanish').closest('.field') as HTMLElement;
    expect(await within(field).findByText('The meaning in Spanish must be at most 1000 characters.')).toBeInTheDocument();
  });
});

describe('the edit form’s Meaning in Spanish', () => {
  const renderEdit = (entry = withSpanish) =>
    renderWithProviders(<EditEntryPage />, { path: '/editContent/:id', route: `/editContent/${entry._id}`, user: testUser, page: true });

  it('is prefilled, and sends only descriptionEs when only it changed', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('/updateContent') ? json({ ...withSpanish, descriptionEs: 'Curro.' }) : json(withSpanish)));
    renderEdit();
    const field = await screen.findByLabelText('Meaning in Spanish');
    expect(field).toHaveValue('Trabajo, empleo.');
    await user.clear(field);
    await user.type(field, 'Curro.');
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/updateContent')[0].body).toEqual({ _id: withSpanish._id, descriptionEs: 'Curro.' });
  });

  it('sends null when it is emptied, which clears it', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch((url) => (url.pathname.endsWith('/updateContent') ? json({ ...withSpanish, descriptionEs: null }) : json(withSpanish)));
    renderEdit();
    await user.clear(await screen.findByLabelText('Meaning in Spanish'));
    await user.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Updated successfully')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/content/updateContent')[0].body).toEqual({ _id: withSpanish._id, descriptionEs: null });
  });
});

describe('where a meaning is read', () => {
  const renderCard = (entry = withSpanish) => renderWithProviders(<EntryCard entry={entry} />);

  it('the English interface shows the English meaning and tag names', () => {
    renderCard();
    expect(screen.getByText('Work, a job.')).toHaveAttribute('lang', 'en');
    expect(screen.queryByText('Trabajo, empleo.')).not.toBeInTheDocument();
    expect(screen.getByText('work')).toBeInTheDocument();
    expect(screen.queryByText('(in English)')).not.toBeInTheDocument();
  });

  it('the Spanish interface shows the Spanish meaning and tag names on a card', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderCard();
    expect(screen.getByText('Trabajo, empleo.')).toHaveAttribute('lang', 'es');
    expect(screen.queryByText('Work, a job.')).not.toBeInTheDocument();
    expect(screen.getByText('trabajo')).toBeInTheDocument();
  });

  it('the Spanish interface falls back to the English meaning, marked, and to a tag’s English name', async () => {
    await act(() => i18n.changeLanguage('es'));
    renderCard(makeEntry({ ...englishOnly, tags: [{ _id: 't2', name: 'truth', canRemove: false }] }));
    const meaning = screen.getByText('The truth.');
    expect(meaning).toHaveAttribute('lang', 'en');
    expect(meaning.parentElement).toHaveTextContent('The truth. (en inglés)');
    expect(screen.getByText('truth')).toBeInTheDocument();
  });

  it('the entry page shows the meaning in the reader’s language, and its tags’ Spanish names', async () => {
    stubFetch((url) => (url.pathname.includes('/getContentById/') ? json(withSpanish) : url.pathname.includes('/getTagsForContent/') ? json({ success: true, data: withSpanish.tags }) : json({ success: true, data: [] })));
    await act(() => i18n.changeLanguage('es'));
    renderWithProviders(<EntryPage />, { path: '/content/:id', route: `/content/${withSpanish._id}` });
    const meaning = await screen.findByText('Trabajo, empleo.');
    expect(meaning.closest('dd')).toHaveClass('entry-detail__description');
    expect(screen.getByText('trabajo')).toBeInTheDocument();
  });
});
