import { useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { onMultiSelectKey } from './multi-select-keys';
import { MultiSelectMenu } from './multi-select-menu';
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

/** Below the control, or above it when there is not `min` px of room below and more above. */
function menuPlacement(rect: DOMRect, windowHeight: number, min: number, max: number): { top: boolean; maxHeight: number } {
  const below = windowHeight - rect.bottom - 8;
  const above = rect.top - 8;
  const top = below < min && above > below;
  const room = top ? above : below;
  return { top, maxHeight: Math.max(min, Math.min(max, room)) };
}

/** Scrolls the list just enough to show `item` (the highlighted option). */
function scrollIntoList(list: HTMLElement, item: HTMLElement) {
  if (item.offsetTop < list.scrollTop) list.scrollTop = item.offsetTop;
  else if (item.offsetTop + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = item.offsetTop + item.offsetHeight - list.clientHeight;
  }
}

/** A chosen value, with its × to take it away. */
function Chip({ option, onRemove }: { option: MultiSelectOption; onRemove: () => void }) {
  const { t } = useTranslation();
  return (
    <span className="chip">
      {option.icon}
      {/* Cut with an ellipsis when long: the full label shows on hover. */}
      <span className="chip__label" title={option.label}>
        {option.label}
      </span>
      <button type="button" className="chip__remove" aria-label={t('multiSelect.remove', { label: option.label })} onClick={onRemove}>
        ×
      </button>
    </span>
  );
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
    if (rect && typeof window !== 'undefined' && window.innerHeight) setPlacement(menuPlacement(rect, window.innerHeight, minMenuHeight, maxMenuHeight));
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
    if (list && item) scrollIntoList(list, item);
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
          <Chip key={option.value} option={option} onRemove={() => change(latest.current.filter((v) => v !== option.value))} />
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
          onKeyDown={(event) =>
            onMultiSelectKey(event, {
              open,
              filter,
              activeIndex,
              count: visible.length,
              activeValue: visible[activeIndex]?.value,
              pageSize,
              openMenu,
              closeMenu,
              moveTo,
              toggle,
              removeLast: () => {
                if (latest.current.length) change(latest.current.slice(0, -1));
              },
            })
          }
        />
        <span className="multi-select__chevron" aria-hidden="true" />
      </div>
      {open && (
        <MultiSelectMenu
          ref={listRef}
          id={listboxId}
          visible={visible}
          activeIndex={activeIndex}
          selected={selected}
          optionId={optionId}
          placement={placement}
          isLoading={isLoading}
          onActive={setActive}
          onToggle={toggle}
        />
      )}
    </div>
  );
}
