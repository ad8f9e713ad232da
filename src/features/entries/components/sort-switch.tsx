import { useTranslation } from 'react-i18next';
import type { EntrySort } from '../api/entry-keys';
import './sort-switch.css';

const SORTS: EntrySort[] = ['top', 'new'];

/**
 * Top / New for the home grid: native radio buttons (arrow keys move between them, a screen
 * reader hears a group of two), drawn as one segmented control.
 */
export function SortSwitch({ sort, onChange }: { sort: EntrySort; onChange: (sort: EntrySort) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="sort-switch">
      <legend className="sort-switch__legend">{t('daily.sortLabel')}</legend>
      {SORTS.map((value) => (
        <label key={value} className="sort-switch__option">
          <input
            type="radio"
            name="entry-sort"
            value={value}
            className="sort-switch__input"
            checked={sort === value}
            onChange={() => onChange(value)}
          />
          <span className="sort-switch__text">{t(value === 'top' ? 'daily.sortTop' : 'daily.sortNew')}</span>
        </label>
      ))}
    </fieldset>
  );
}
