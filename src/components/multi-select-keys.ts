import type { KeyboardEvent } from 'react';

/** What the multi-select's keys act on. */
export interface MultiSelectKeys {
  open: boolean;
  filter: string;
  /** The highlighted option's index among those shown, and their number. */
  activeIndex: number;
  count: number;
  /** The highlighted option's value, if any is shown. */
  activeValue: string | undefined;
  /** Options PageUp/PageDown move by. */
  pageSize: number;
  openMenu: () => void;
  closeMenu: () => void;
  moveTo: (index: number) => void;
  toggle: (value: string) => void;
  /** Takes the last chosen value away (Backspace in an empty input). */
  removeLast: () => void;
}

/** The ARIA combobox pattern's keys on the multi-select's input. */
export function onMultiSelectKey(event: KeyboardEvent<HTMLInputElement>, keys: MultiSelectKeys) {
  const { open, filter, activeIndex, pageSize, openMenu, closeMenu, moveTo } = keys;
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
        moveTo(keys.count - 1);
      }
      break;
    case 'Enter':
      if (open && keys.activeValue !== undefined) {
        event.preventDefault();
        keys.toggle(keys.activeValue);
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
      if (!filter) keys.removeLast();
      break;
    case 'Tab':
      if (open) closeMenu();
      break;
  }
}
