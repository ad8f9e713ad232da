import { useEffect, useEffectEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MultiSelect, type MultiSelectOption } from '@/components/multi-select';
import './search-bar.css';

/** How long typing must pause before the term is searched. */
export const SEARCH_DEBOUNCE_MS = 250;

export interface SearchBarProps {
  term: string;
  countries: string[];
  tags: string[];
  countryOptions: MultiSelectOption[];
  tagOptions: MultiSelectOption[];
  tagsLoading?: boolean;
  onTermChange: (term: string) => void;
  onCountriesChange: (countries: string[]) => void;
  onTagsChange: (tags: string[]) => void;
  onClear: () => void;
}

/**
 * Text search (debounced; clearing the text clears the search at once), multi-select
 * countries and tags, and a Clear control that resets all three.
 */
export function SearchBar({
  term,
  countries,
  tags,
  countryOptions,
  tagOptions,
  tagsLoading,
  onTermChange,
  onCountriesChange,
  onTagsChange,
  onClear,
}: SearchBarProps) {
  const { t } = useTranslation();
  const inputId = useId();
  const filtersId = useId();
  // Phones show only the text search at first, so entries fit on the first screen.
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filterCount = countries.length + tags.length;
  const [text, setText] = useState(term);
  // The last term this bar reported; a different `term` prop means someone else changed it
  // (Clear, back button, a shared link) and the text box follows.
  const [sent, setSent] = useState(term);
  const [prevTerm, setPrevTerm] = useState(term);
  if (term !== prevTerm) {
    setPrevTerm(term);
    if (term !== sent) {
      setSent(term);
      setText(term);
    }
  }

  const report = useEffectEvent((value: string) => {
    setSent(value);
    onTermChange(value);
  });

  useEffect(() => {
    const value = text.trim();
    if (value === sent.trim()) return;
    const timer = setTimeout(() => report(value), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, sent]);

  const hasFilters = Boolean(text || term || countries.length || tags.length);

  return (
    <form
      className="search-bar"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        const value = text.trim();
        if (value !== sent) {
          setSent(value);
          onTermChange(value);
        }
      }}
    >
      <div className="search-bar__text">
        <label className="field__label" htmlFor={inputId}>
          {t('search.label')}
        </label>
        <div className="search-bar__input-wrap">
          <svg className="search-bar__icon" viewBox="0 0 24 24" aria-hidden="true">
            <circle cx="11" cy="11" r="7" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="M20 20l-4-4" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            id={inputId}
            type="search"
            className="input search-bar__input"
            value={text}
            placeholder={t('search.placeholder')}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => {
              const value = event.target.value;
              setText(value);
              // Clearing the text clears the search straight away.
              if (!value.trim() && sent) {
                setSent('');
                onTermChange('');
              }
            }}
          />
        </div>
      </div>
      <button
        type="button"
        className="button button--ghost search-bar__filters-toggle"
        aria-expanded={filtersOpen}
        aria-controls={filtersId}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true">
          <path d="M3 5h14M6 10h8M9 15h2" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {filterCount ? t('search.filtersActive', { count: filterCount }) : t('search.filters')}
      </button>
      <div id={filtersId} className={`search-bar__filters${filtersOpen ? ' search-bar__filters--open' : ''}`}>
        <MultiSelect
          label={t('search.countries')}
          placeholder={t('search.countriesPlaceholder')}
          options={countryOptions}
          value={countries}
          onChange={onCountriesChange}
        />
        <MultiSelect
          label={t('search.tags')}
          placeholder={t('search.tagsPlaceholder')}
          options={tagOptions}
          value={tags}
          onChange={onTagsChange}
          isLoading={tagsLoading}
        />
        <div className="search-bar__actions">
          <button
            type="button"
            className="button button--ghost"
            disabled={!hasFilters}
            onClick={() => {
              setText('');
              setSent('');
              onClear();
            }}
          >
            {t('search.clear')}
          </button>
        </div>
      </div>
    </form>
  );
}
