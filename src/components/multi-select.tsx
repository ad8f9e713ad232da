import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './multi-select.css';

export interface MultiSelectOption {
  value: string;
  label: string;
  icon?: ReactNode;
}

interface MultiSelectProps {
  label: string;
  options: MultiSelectOption[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  /** Options PageUp/PageDown move by (spec §9: 5). */
  pageSize?: number;
  /** Below this much room the menu opens upwards (spec §9: 140 px). */
  minMenuHeight?: number;
  /** The menu scrolls beyond this height (spec §9: 300 px). */
  maxMenuHeight?: number;
  isLoading?: boolean;
}

/** Case- and accent-insensitive, so "peru" finds "Perú". */
function normalize(text: string) {
  return text.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase();
}

/**
 * A searchable multi-select following the ARIA combobox pattern: the text input filters a
 * listbox of options; chosen values show as removable chips.
 */
export function MultiSelect({
  label,
  options,
  value,
  onChange,
  placeholder,
  pageSize = 5,
  minMenuHeight = 140,
  maxMenuHeight = 300,
  isLoading = false,
}: MultiSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const inputId = `${id}-input`;
  const listboxId = `${id}-listbox`;
  const [open, setOpen] = useState(false);
  const [filter, setFilter] = useState('');
  const [active, setActive] = useState(0);
  const [placement, setPlacement] = useState<{ top: boolean; maxHeight: number }>({ top: false, maxHeight: maxMenuHeight });
  const controlRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  // The chosen values as last sent: two quick picks before the parent re-renders must
  // build on each other, not both on the stale `value` prop.
  const latest = useRef(value);
  useLayoutEffect(() => {
    latest.current = value;
  }, [value]);
  const change = (next: string[]) => {
    latest.current = next;
    onChange(next);
  };

  const selected = new Set(value);
  const byValue = new Map(options.map((option) => [option.value, option]));
  const chosen = value.map((v) => byValue.get(v)).filter((option): option is MultiSelectOption => Boolean(option));
  const needle = normalize(filter.trim());
  const visible = needle ? options.filter((option) => normalize(option.label).includes(needle)) : options;
  const activeIndex = Math.min(active, Math.max(visible.length - 1, 0));
  const optionId = (index: number) => `${id}-option-${index}`;

  const openMenu = () => {
    if (open) return;
    const rect = controlRef.current?.getBoundingClientRect();
    if (rect && typeof window !== 'undefined' && window.innerHeight) {
      const below = window.innerHeight - rect.bottom - 8;
      const above = rect.top - 8;
      const top = below < minMenuHeight && above > below;
      const room = top ? above : below;
      setPlacement({ top, maxHeight: Math.max(minMenuHeight, Math.min(maxMenuHeight, room)) });
    }
    setOpen(true);
  };

  const closeMenu = () => {
    setOpen(false);
    setFilter('');
    setActive(0);
  };

  const toggle = (optionValue: string) => {
    const current = latest.current;
    change(current.includes(optionValue) ? current.filter((v) => v !== optionValue) : [...current, optionValue]);
    setFilter('');
  };

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(visible.length - 1, index));
    setActive(next);
    const list = listRef.current;
    const item = list?.querySelector<HTMLElement>(`#${CSS.escape(optionId(next))}`);
    if (list && item) {
      if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
      else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
        list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
      }
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!open) openMenu();
        else moveTo(activeIndex + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!open) openMenu();
        else moveTo(activeIndex - 1);
        break;
      case 'PageDown':
        if (open) {
          event.preventDefault();
          moveTo(activeIndex + pageSize);
        }
        break;
      case 'PageUp':
        if (open) {
          event.preventDefault();
          moveTo(activeIndex - pageSize);
        }
        break;
      case 'Home':
        if (open && !filter) {
          event.preventDefault();
          moveTo(0);
        }
        break;
      case 'End':
        if (open && !filter) {
          event.preventDefault();
          moveTo(visible.length - 1);
        }
        break;
      case 'Enter':
        if (open && visible[activeIndex]) {
          event.preventDefault();
          toggle(visible[activeIndex].value);
        }
        break;
      case 'Escape':
        if (open || filter) {
          event.preventDefault();
          event.stopPropagation();
          closeMenu();
        }
        break;
      case 'Backspace':
        if (!filter && latest.current.length) change(latest.current.slice(0, -1));
        break;
      case 'Tab':
        if (open) closeMenu();
        break;
    }
  };

  return (
    <div
      className="multi-select"
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) closeMenu();
      }}
    >
      <label className="field__label" htmlFor={inputId}>
        {label}
      </label>
      <div
        ref={controlRef}
        className={`multi-select__control${open ? ' multi-select__control--open' : ''}`}
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) {
            event.preventDefault();
            inputRef.current?.focus();
            if (open) closeMenu();
            else openMenu();
          }
        }}
      >
        {chosen.map((option) => (
          <span key={option.value} className="chip">
            {option.icon}
            {/* Cut with an ellipsis when long: the full label shows on hover. */}
            <span className="chip__label" title={option.label}>
              {option.label}
            </span>
            <button
              type="button"
              className="chip__remove"
              aria-label={t('multiSelect.remove', { label: option.label })}
              onClick={() => change(latest.current.filter((v) => v !== option.value))}
            >
              ×
            </button>
          </span>
        ))}
        <input
          ref={inputRef}
          id={inputId}
          className="multi-select__input"
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listboxId}
          aria-activedescendant={open && visible.length ? optionId(activeIndex) : undefined}
          value={filter}
          placeholder={chosen.length ? '' : placeholder}
          onChange={(event) => {
            setFilter(event.target.value);
            setActive(0);
            openMenu();
          }}
          onClick={openMenu}
          onKeyDown={onKeyDown}
        />
        <span className="multi-select__chevron" aria-hidden="true" />
      </div>
      {open && (
        <ul
          ref={listRef}
          id={listboxId}
          role="listbox"
          aria-multiselectable="true"
          aria-label={t('multiSelect.options')}
          className={`multi-select__menu${placement.top ? ' multi-select__menu--top' : ''}`}
          style={{ maxHeight: placement.maxHeight }}
        >
          {isLoading ? (
            <li className="multi-select__empty">{t('app.loading')}</li>
          ) : visible.length === 0 ? (
            <li className="multi-select__empty">{t('multiSelect.noOptions')}</li>
          ) : (
            visible.map((option, index) => (
              <li
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={selected.has(option.value)}
                className={`multi-select__option${index === activeIndex ? ' multi-select__option--active' : ''}`}
                onMouseDown={(event) => event.preventDefault()}
                onMouseMove={() => index !== activeIndex && setActive(index)}
                onClick={() => toggle(option.value)}
              >
                <span className="multi-select__check" aria-hidden="true" />
                {option.icon}
                <span>{option.label}</span>
              </li>
            ))
          )}
        </ul>
      )}
    </div>
  );
}
