import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { CountryFlag, useCountryName } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry } from '@/lib/api-types';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { useLinkVariant } from '../api/link-variant';
import { useEntrySearch } from '../api/search-entries';
import '../variant-strings';

interface VariantPickerProps {
  entryId: string;
  /** Entries not to offer: the entry itself and those already in its group. */
  exclude: ReadonlySet<string>;
}

function OptionLabel({ entry }: { entry: Pick<Entry, 'title' | 'country'> }) {
  const country = useCountryName(entry.country);
  return (
    <>
      <CountryFlag code={entry.country} size="sm" />
      <span className="variant-picker__title" lang="es">
        {entry.title}
      </span>
      <span className="variant-picker__country">{country}</span>
    </>
  );
}

interface VariantOptionsProps {
  id: string;
  options: Entry[];
  activeIndex: number;
  optionId: (index: number) => string;
  onActive: (index: number) => void;
  onPick: (entry: Entry) => void;
}

/** The entries found, the highlighted one marked: a click links it. */
function VariantOptions({ id, options, activeIndex, optionId, onActive, onPick }: VariantOptionsProps) {
  const { t } = useTranslation();
  return (
    <ul id={id} role="listbox" aria-label={t('variants.options')} className="variant-picker__menu">
      {options.map((entry, index) => (
        <li
          key={entry._id}
          id={optionId(index)}
          role="option"
          aria-selected={index === activeIndex}
          className={`variant-picker__option${index === activeIndex ? ' variant-picker__option--active' : ''}`}
          onMouseDown={(event) => event.preventDefault()}
          onMouseMove={() => index !== activeIndex && onActive(index)}
          onClick={() => onPick(entry)}
        >
          <OptionLabel entry={entry} />
        </li>
      ))}
    </ul>
  );
}

interface PickerStatusProps {
  /** The search as sent (debounced), and whether it is what the box holds now. */
  q: string;
  settled: boolean;
  search: ReturnType<typeof useEntrySearch>;
  linking: boolean;
  /** How many entries are offered. */
  matches: number;
}

/** What a screen reader hears as the search goes: searching, how many, none, or the failure (with Try again). */
function PickerStatus({ q, settled, search, linking, matches }: PickerStatusProps) {
  const { t } = useTranslation();
  const status = !q
    ? ''
    : linking
      ? t('variants.linking')
      : search.isError
        ? t('variants.searchFailed')
        : search.isPending || !settled || search.isPlaceholderData
          ? t('variants.searching')
          : matches
            ? t('variants.matches', { count: matches })
            : t('variants.noMatches', { q });
  return (
    <p className="variant-picker__status" role="status">
      {status && (search.isPending || !settled || linking) && !search.isError ? <Spinner size="sm" /> : null}
      {status}
      {search.isError && q ? (
        <button type="button" className="button button--secondary button--small" onClick={() => void search.refetch()}>
          {t('variants.retry')}
        </button>
      ) : null}
    </p>
  );
}

/**
 * "Link a variant": a search box over every entry following the ARIA combobox pattern (type,
 * move with the arrow keys, Enter links the highlighted entry, Escape closes). Searches with
 * the home grid's own search as the learner types.
 */
export function VariantPicker({ entryId, exclude }: VariantPickerProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const hintId = `${id}-hint`;
  const optionId = (index: number) => `${id}-option-${index}`;
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const [failure, setFailure] = useState<string | null>(null);
  const q = useDebouncedValue(text.trim(), 250);
  const search = useEntrySearch(q);
  const link = useLinkVariant();

  const settled = q === text.trim();
  const options = q ? (search.data ?? []).filter((entry) => !exclude.has(entry._id) && entry._id !== entryId) : [];
  const activeIndex = Math.min(active, Math.max(options.length - 1, 0));
  const showList = open && options.length > 0 && !link.isPending;

  const close = () => {
    setOpen(false);
    setActive(0);
  };

  const pick = (entry: Entry) => {
    setFailure(null);
    link.mutate(
      { contentId: entryId, variantId: entry._id },
      {
        onSuccess: () => {
          toast.success(t('variants.linked', { title: entry.title }));
          setText('');
          close();
          inputRef.current?.focus();
        },
        onError: (error) => setFailure(apiErrorText(t, error, 'variants.linkFailed')),
      },
    );
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.min(activeIndex + 1, options.length - 1));
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) setOpen(true);
        else setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        if (showList) {
          event.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (showList) {
          event.preventDefault();
          setActive(options.length - 1);
        }
        break;
      case 'Enter':
        if (showList && options[activeIndex]) {
          event.preventDefault();
          pick(options[activeIndex]);
        }
        break;
      case 'Escape':
        if (open || text) {
          event.preventDefault();
          event.stopPropagation();
          if (open) close();
          else setText('');
        }
        break;
      case 'Tab':
        close();
        break;
    }
  };

  return (
    <div
      className="variant-picker"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) close();
      }}
    >
      <label className="field__label" htmlFor={inputId}>
        {t('variants.pickerLabel')}
      </label>
      <div className="variant-picker__control">
        <input
          ref={inputRef}
          id={inputId}
          className="input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={showList}
          aria-controls={listboxId}
          aria-describedby={hintId}
          aria-activedescendant={showList ? optionId(activeIndex) : undefined}
          placeholder={t('variants.pickerPlaceholder')}
          maxLength={200}
          value={text}
          readOnly={link.isPending}
          aria-busy={link.isPending}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
            setOpen(true);
            setFailure(null);
          }}
          onClick={() => setOpen(true)}
          onKeyDown={onKeyDown}
        />
        {showList && <VariantOptions id={listboxId} options={options} activeIndex={activeIndex} optionId={optionId} onActive={setActive} onPick={pick} />}
      </div>
      <p id={hintId} className="variant-picker__hint">
        {t('variants.pickerHint')}
      </p>
      <PickerStatus q={q} settled={settled} search={search} linking={link.isPending} matches={options.length} />
      {failure && (
        <p className="form__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
