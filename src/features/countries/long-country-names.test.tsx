// Country names stay readable in full: the entry card's is never cut (issue 32; its layout is
// checked in Chromium by guest-journey), a multi-select chip's, cut with an ellipsis, on hover
// (title) and to screen readers (the text is whole).
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MultiSelect } from '@/components/multi-select';
import { EntryCard } from '@/app/components/entry-card';
import i18n from '@/i18n';
import { makeEntry } from '@/test/fixtures';
import { renderWithProviders } from '@/test/render';

const entry = makeEntry({ title: 'chévere', description: 'Great, cool.', country: 'GQ', author: 'Ana', owner: null });

describe('long country names', () => {
  it("the entry card's country name is the full name", async () => {
    await i18n.changeLanguage('es');
    renderWithProviders(<EntryCard entry={entry} />);
    const name = await screen.findByText('Guinea Ecuatorial');
    expect(name).toHaveClass('entry-card__country-name');
    expect(name).toHaveTextContent(/^Guinea Ecuatorial$/);
    expect(name.closest('[aria-hidden="true"]')).toBeNull();
    // The flag beside it is decorative, so the name is said once.
    expect(within(screen.getByRole('article')).queryByRole('img')).toBeNull();
  });

  it("a multi-select chip carries the option's full label as its title, text and remove button name", () => {
    render(
      <MultiSelect
        label="Countries"
        options={[
          { value: 'DO', label: 'Dominican Republic' },
          { value: 'GQ', label: 'Equatorial Guinea' },
        ]}
        value={['DO']}
        onChange={() => {}}
      />,
    );
    const label = screen.getByTitle('Dominican Republic');
    expect(label).toHaveClass('chip__label');
    expect(label).toHaveTextContent(/^Dominican Republic$/);
    expect(label.closest('[aria-hidden="true"]')).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove Dominican Republic' })).toBeInTheDocument();
  });
});
