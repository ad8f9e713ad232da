/** What Tab can reach inside a container. */
const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The focusable elements inside `container`, in Tab order, skipping hidden ones. */
export function focusableIn(container: HTMLElement): HTMLElement[] {
  return [...container.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => !element.closest('[hidden], [inert]'));
}

/**
 * For a Tab keydown while a dialog or the phone menu is open: wraps from the last of
 * `items` to the first (Shift+Tab: first to last), and pulls focus back in if it got out,
 * so the page behind cannot be reached.
 */
export function keepTabInside(event: KeyboardEvent, items: HTMLElement[]): void {
  if (event.key !== 'Tab' || !items.length) return;
  const first = items[0];
  const last = items[items.length - 1];
  const current = document.activeElement as HTMLElement | null;
  const inside = current !== null && items.includes(current);
  if (!inside || (event.shiftKey ? current === first : current === last)) {
    event.preventDefault();
    (event.shiftKey ? last : first).focus();
  }
}
