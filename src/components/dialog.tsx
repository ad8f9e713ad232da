import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { focusableIn, keepTabInside } from './focus-trap';
import { Spinner } from './popups';
import './dialog.css';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
}

/** A modal dialog: focus moves in, stays in (Tab wraps), Escape or the backdrop closes, focus goes back. */
export function Dialog({ title, onClose, children }: DialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    const panel = panelRef.current;
    // The control marked data-autofocus (a question's safe answer), else the first field, else the panel.
    (panel?.querySelector<HTMLElement>('[data-autofocus]') ?? panel?.querySelector<HTMLElement>('input, select, textarea') ?? panel)?.focus();
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
      } else if (panel) {
        keepTabInside(event, focusableIn(panel));
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.body.style.overflow = overflow;
      previous?.focus?.();
    };
  }, []);

  return createPortal(
    <div className="dialog-backdrop" onMouseDown={(event) => event.target === event.currentTarget && onClose()}>
      <div ref={panelRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} tabIndex={-1}>
        <div className="dialog__head">
          <h2 id={titleId} className="dialog__title">
            {title}
          </h2>
          <button type="button" className="icon-button" aria-label={t('app.close')} onClick={onClose}>
            ×
          </button>
        </div>
        <div className="dialog__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}

interface DialogActionsProps {
  cancelLabel: string;
  submitLabel: string;
  onCancel: () => void;
  /** While the submit is on its way: the submit shows a spinner and cannot be pressed again. */
  busy: boolean;
  /** The submit button's look: `primary`, `danger` or `danger-solid`. */
  tone?: 'primary' | 'danger' | 'danger-solid';
  /** Cancel too waits for the submit (when leaving halfway would hide its outcome). */
  lockCancel?: boolean;
}

/** A dialog form's Cancel and its submit button (type=submit: Enter in a field sends the form). */
export function DialogActions({ cancelLabel, submitLabel, onCancel, busy, tone = 'primary', lockCancel = false }: DialogActionsProps) {
  return (
    <div className="form__actions">
      <button type="button" className="button button--ghost" disabled={lockCancel && busy} onClick={onCancel}>
        {cancelLabel}
      </button>
      <button type="submit" className={`button button--${tone}`} disabled={busy}>
        {busy && <Spinner size="sm" />}
        {submitLabel}
      </button>
    </div>
  );
}
