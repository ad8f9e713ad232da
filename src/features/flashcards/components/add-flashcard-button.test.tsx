import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EntryCard } from '@/app/components/entry-card';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders, testUser } from '@/test/render';
import { AddFlashcardButton } from './add-flashcard-button';

const entry = makeEntry();
const card = { _id: 'card-1', userId: testUser._id, contentId: entry._id };

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Add to flashcards', () => {
  it('on a card: an icon button that adds the entry, toasts and then shows it is in the flashcards', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: card, message: 'Added to flashcards successfully!' }, 201));
    renderWithProviders(<EntryCard entry={entry} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    expect(await screen.findByText('Added to flashcards successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'In your flashcards' })).toBeDisabled();
    const [call] = callsTo(fetchMock, '/flashcard/addFlashcard');
    expect(call.init.method).toBe('POST');
    expect(call.body).toEqual({ contentId: entry._id });
  });

  it('says an entry already in the flashcards with an info toast in the reader’s language (by its code)', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ error: 'flashcard_exists', code: 'flashcard_exists', message: 'Already there (server words)' }, 409));
    renderWithProviders(<AddFlashcardButton entryId={entry._id} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    const toast = await screen.findByText('This entry is already in your flashcards.');
    expect(toast.closest('.toast')).toHaveClass('toast--info');
    expect(screen.getByRole('button', { name: 'In your flashcards' })).toBeDisabled();
  });

  it('says so when adding fails, and lets the learner try again', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ code: 'internal', message: 'Something went wrong.' }, 500));
    renderWithProviders(<AddFlashcardButton entryId={entry._id} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    const toast = await screen.findByText('Failed to add to flashcards. Please try again.');
    expect(toast.closest('.toast')).toHaveClass('toast--error');
    expect(screen.getByRole('button', { name: 'Add to flashcards' })).toBeEnabled();
  });

  it('asks a visitor to log in, sending nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch();
    renderWithProviders(<AddFlashcardButton entryId={entry._id} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Add to flashcards' }));
    const toast = await screen.findByText('Please log in to add flashcards');
    expect(toast.closest('.toast')).toHaveClass('toast--info');
    expect(callsTo(fetchMock, '/flashcard/addFlashcard')).toHaveLength(0);
  });
});
