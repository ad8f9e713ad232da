import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { DrillVariantsButton } from './drill-variants-button';

const entryId = '22222222-2222-4222-8222-222222222222';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Drill these variants', () => {
  it('adds the group’s variant cards and says how many', async () => {
    const user = userEvent.setup();
    const card = (n: number) => ({ _id: `card-${n}`, userId: testUser._id, contentId: `entry-${n}`, kind: 'variant' });
    const fetchMock = stubFetch(() => json({ success: true, added: 2, data: [card(1), card(2)] }, 201));
    renderWithProviders(<DrillVariantsButton entryId={entryId} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Drill these variants' }));
    expect(await screen.findByText('Added 2 variant cards to your flashcards!')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/flashcard/addVariantDrill').map((call) => call.body)).toEqual([{ contentId: entryId }]);
  });

  it('says so when every variant is drilled already', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: true, added: 0, data: [] }));
    renderWithProviders(<DrillVariantsButton entryId={entryId} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Drill these variants' }));
    const toast = await screen.findByText('You already drill every variant of this group.');
    expect(toast.closest('.toast')).toHaveClass('toast--info');
  });

  it('shows a refusal by its code, and asks a visitor to log in', async () => {
    const user = userEvent.setup();
    stubFetch(() => json({ success: false, code: 'variant_needs_group', message: 'server words' }, 400));
    const { unmount } = renderWithProviders(<DrillVariantsButton entryId={entryId} />, { user: testUser });
    await user.click(screen.getByRole('button', { name: 'Drill these variants' }));
    expect(await screen.findByText('A variant card needs the entry to be linked to its forms in other countries.')).toBeInTheDocument();
    unmount();
    const fetchMock = stubFetch();
    renderWithProviders(<DrillVariantsButton entryId={entryId} />, { user: null });
    await user.click(screen.getByRole('button', { name: 'Drill these variants' }));
    expect(await screen.findByText('Please log in to add flashcards')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
