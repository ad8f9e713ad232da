import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { callsTo, json, stubFetch } from '@/test/fetch';
import { renderWithProviders, testUser } from '@/test/render';
import { TagPickerDialog } from './tag-picker-dialog';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Tag picker: a new tag', () => {
  it('keeps an over-long name, says how much is over, and creates nothing', async () => {
    const user = userEvent.setup();
    const fetchMock = stubFetch(() => json({ success: true, data: [{ _id: 't1', name: 'comida' }] }));
    renderWithProviders(<TagPickerDialog entryId="e1" entryTags={[]} onClose={() => {}} />, { user: testUser });
    await screen.findByRole('button', { name: '+ comida' });
    const name = screen.getByLabelText('New tag');
    // Quiet while empty; counted as soon as there is something.
    expect(screen.queryByText('0 / 20')).not.toBeInTheDocument();
    await user.type(name, 'expresiones-rioplatenses');
    expect(name).toHaveValue('expresiones-rioplatenses');
    expect(screen.getByText('4 characters over')).toHaveClass('field__counter--over');
    await user.click(screen.getByRole('button', { name: 'Create and add' }));
    expect(screen.getByText('A tag name is at most 20 characters.')).toBeInTheDocument();
    expect(name).toHaveFocus();
    expect(callsTo(fetchMock, '/tag/addTag')).toHaveLength(0);
  });
});
