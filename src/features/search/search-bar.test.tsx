import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { MultiSelectOption } from '@/components/multi-select';
import { SearchBar, type SearchBarProps } from './search-bar';

const countryOptions: MultiSelectOption[] = [
  { value: 'AR', label: 'Argentina' },
  { value: 'MX', label: 'Mexico' },
  { value: 'PE', label: 'Peru' },
  { value: 'ES', label: 'Spain' },
];
const tagOptions: MultiSelectOption[] = [
  { value: 't-food', label: 'food' },
  { value: 't-slang', label: 'slang' },
  { value: 't-greeting', label: 'greeting' },
];

/** The search bar with its state held the way the home page holds it. */
function Harness(props: Partial<SearchBarProps>) {
  const [term, setTerm] = useState('');
  const [countries, setCountries] = useState<string[]>([]);
  const [tags, setTags] = useState<string[]>([]);
  return (
    <SearchBar
      term={term}
      countries={countries}
      tags={tags}
      countryOptions={countryOptions}
      tagOptions={tagOptions}
      onTermChange={(value) => {
        setTerm(value);
        props.onTermChange?.(value);
      }}
      onCountriesChange={(value) => {
        setCountries(value);
        props.onCountriesChange?.(value);
      }}
      onTagsChange={(value) => {
        setTags(value);
        props.onTagsChange?.(value);
      }}
      onClear={() => {
        setTerm('');
        setCountries([]);
        setTags([]);
        props.onClear?.();
      }}
    />
  );
}

describe('SearchBar', () => {
  it('labels its controls Search, Countries and Tags', () => {
    render(<Harness />);
    expect(screen.getByRole('searchbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Countries' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Tags' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });

  it('has a Filters button (shown on phones) that opens the filters and counts the chosen ones', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!);
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Countries' }));
    expect(panel).toContainElement(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toHaveClass('search-bar__filters--open');
    await user.click(screen.getByRole('combobox', { name: 'Countries' }));
    await user.click(within(screen.getByRole('listbox')).getByRole('option', { name: 'Peru' }));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBe(toggle);
  });

  it('reports the term once typing pauses, not on every key', async () => {
    const user = userEvent.setup();
    const onTermChange = vi.fn();
    render(<Harness onTermChange={onTermChange} />);
    await user.type(screen.getByRole('searchbox', { name: 'Search' }), 'chévere');
    expect(onTermChange).not.toHaveBeenCalled();
    await waitFor(() => expect(onTermChange).toHaveBeenCalledWith('chévere'));
    expect(onTermChange).toHaveBeenCalledTimes(1);
  });

  it('clears the search as soon as the text is cleared', async () => {
    const user = userEvent.setup();
    const onTermChange = vi.fn();
    render(<Harness onTermChange={onTermChange} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(input, 'che');
    await waitFor(() => expect(onTermChange).toHaveBeenLastCalledWith('che'));
    await user.clear(input);
    expect(onTermChange).toHaveBeenLastCalledWith('');
  });

  it('selects several countries, searching within the dropdown', async () => {
    const user = userEvent.setup();
    const onCountriesChange = vi.fn();
    render(<Harness onCountriesChange={onCountriesChange} />);
    const countries = screen.getByRole('combobox', { name: 'Countries' });
    await user.click(countries);
    expect(countries).toHaveAttribute('aria-expanded', 'true');
    await user.type(countries, 'arg');
    const listbox = screen.getByRole('listbox');
    expect(within(listbox).getAllByRole('option')).toHaveLength(1);
    await user.click(within(listbox).getByRole('option', { name: 'Argentina' }));
    expect(onCountriesChange).toHaveBeenLastCalledWith(['AR']);

    await user.type(countries, 'mex');
    await user.keyboard('{Enter}');
    expect(onCountriesChange).toHaveBeenLastCalledWith(['AR', 'MX']);
    expect(screen.getByRole('button', { name: 'Remove Argentina' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove Mexico' })).toBeInTheDocument();
  });

  it('is keyboard accessible: arrows, page keys, Enter and Escape', async () => {
    const user = userEvent.setup();
    const onTagsChange = vi.fn();
    render(<Harness onTagsChange={onTagsChange} />);
    const tags = screen.getByRole('combobox', { name: 'Tags' });
    tags.focus();
    await user.keyboard('{ArrowDown}');
    expect(tags).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onTagsChange).toHaveBeenLastCalledWith(['t-slang']);
    expect(screen.getByRole('option', { name: 'slang' })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{PageDown}{Enter}');
    expect(onTagsChange).toHaveBeenLastCalledWith(['t-slang', 't-greeting']);
    await user.keyboard('{Escape}');
    expect(tags).toHaveAttribute('aria-expanded', 'false');
    await user.keyboard('{Backspace}');
    expect(onTagsChange).toHaveBeenLastCalledWith(['t-slang']);
  });

  it('removes a chosen tag with its chip', async () => {
    const user = userEvent.setup();
    const onTagsChange = vi.fn();
    render(<Harness onTagsChange={onTagsChange} />);
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(screen.getByRole('option', { name: 'food' }));
    await user.click(screen.getByRole('button', { name: 'Remove food' }));
    expect(onTagsChange).toHaveBeenLastCalledWith([]);
  });

  it('Clear resets the term, the countries and the tags', async () => {
    const user = userEvent.setup();
    const onClear = vi.fn();
    const onTermChange = vi.fn();
    render(<Harness onClear={onClear} onTermChange={onTermChange} />);
    const input = screen.getByRole('searchbox', { name: 'Search' });
    await user.type(input, 'pana');
    await waitFor(() => expect(onTermChange).toHaveBeenCalledWith('pana'));
    await user.click(screen.getByRole('combobox', { name: 'Countries' }));
    await user.click(screen.getByRole('option', { name: 'Peru' }));
    await user.click(screen.getByRole('combobox', { name: 'Tags' }));
    await user.click(screen.getByRole('option', { name: 'slang' }));

    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(onClear).toHaveBeenCalledTimes(1);
    expect(input).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Remove Peru' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove slang' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Clear' })).toBeDisabled();
  });
});
