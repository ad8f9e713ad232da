import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { MultiSelectOption } from './multi-select';

interface MultiSelectMenuProps {
  ref: Ref<HTMLUListElement>;
  id: string;
  /** The options shown (those the filter finds), the highlighted one, and which are chosen. */
  visible: MultiSelectOption[];
  activeIndex: number;
  selected: Set<string>;
  optionId: (index: number) => string;
  placement: { top: boolean; maxHeight: number };
  isLoading: boolean;
  onActive: (index: number) => void;
  onToggle: (value: string) => void;
}

/** The multi-select's listbox: its options, checked when chosen, or why there are none. */
export function MultiSelectMenu({ ref, id, visible, activeIndex, selected, optionId, placement, isLoading, onActive, onToggle }: MultiSelectMenuProps) {
  const { t } = useTranslation();
  return (
    <ul
      ref={ref}
      id={id}
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
            onMouseMove={() => index !== activeIndex && onActive(index)}
            onClick={() => onToggle(option.value)}
          >
            <span className="multi-select__check" aria-hidden="true" />
            {option.icon}
            <span>{option.label}</span>
          </li>
        ))
      )}
    </ul>
  );
}
