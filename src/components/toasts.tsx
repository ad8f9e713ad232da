import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './toasts.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** Spec §9: toasts stay 3000 ms by default and take 500 ms to animate out. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_CLOSE_MS = 500;

/** Why a toast went: its time ran out, it was dismissed (× or `dismiss`), or its action was taken. */
export type ToastCloseReason = 'expired' | 'dismissed' | 'action';

export interface ToastOptions {
  duration?: number;
  /** One button in the toast (Undo). A toast with an action is never merged with another. */
  action?: { label: string; onClick: () => void };
  /** Called once, when the toast starts to close. */
  onClose?: (reason: ToastCloseReason) => void;
}

interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  /** How many times the same message was shown while this toast was up. */
  count: number;
  closing: boolean;
  paused: boolean;
  action?: ToastOptions['action'];
}

/** A toast's countdown, which hovering or focusing the toast holds. */
interface Countdown {
  timer?: ReturnType<typeof setTimeout>;
  deadline: number;
  remaining: number;
  holds: Set<'hover' | 'focus'>;
  onClose?: ToastOptions['onClose'];
  /** Set for a toast that identical ones merge into. */
  mergeKey?: string;
}

type Show = (message: string, options?: number | ToastOptions) => number;

export interface ToastApi {
  show: (type: ToastType, message: string, options?: number | ToastOptions) => number;
  success: Show;
  error: Show;
  warning: Show;
  info: Show;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const countdowns = useRef(new Map<number, Countdown>());
  /** The open toast each type + message merges into. */
  const merging = useRef(new Map<string, number>());
  const removals = useRef(new Set<ReturnType<typeof setTimeout>>());

  const patch = useCallback((id: number, change: Partial<Toast>) => {
    setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, ...change } : toast)));
  }, []);

  const close = useCallback(
    (id: number, reason: ToastCloseReason) => {
      const countdown = countdowns.current.get(id);
      if (!countdown) return;
      clearTimeout(countdown.timer);
      countdowns.current.delete(id);
      if (countdown.mergeKey) merging.current.delete(countdown.mergeKey);
      patch(id, { closing: true });
      const removal = setTimeout(() => {
        removals.current.delete(removal);
        setToasts((list) => list.filter((toast) => toast.id !== id));
      }, TOAST_CLOSE_MS);
      removals.current.add(removal);
      countdown.onClose?.(reason);
    },
    [patch],
  );

  const run = useCallback(
    (id: number, countdown: Countdown, ms: number) => {
      clearTimeout(countdown.timer);
      countdown.deadline = Date.now() + ms;
      countdown.remaining = ms;
      countdown.timer = setTimeout(() => close(id, 'expired'), ms);
    },
    [close],
  );

  const show = useCallback(
    (type: ToastType, message: string, options: number | ToastOptions = {}) => {
      const { duration = TOAST_DURATION_MS, action, onClose } = typeof options === 'number' ? { duration: options } : options;
      // The same words again while they are still up: one toast, counted, its time restarted.
      const mergeKey = action || onClose ? undefined : `${type}\n${message}`;
      const openId = mergeKey === undefined ? undefined : merging.current.get(mergeKey);
      const open = openId === undefined ? undefined : countdowns.current.get(openId);
      if (openId !== undefined && open) {
        setToasts((list) => list.map((toast) => (toast.id === openId ? { ...toast, count: toast.count + 1, duration } : toast)));
        if (open.holds.size === 0) run(openId, open, duration);
        else open.remaining = duration;
        return openId;
      }
      const id = nextId.current++;
      const countdown: Countdown = { deadline: 0, remaining: duration, holds: new Set(), onClose, mergeKey };
      countdowns.current.set(id, countdown);
      if (mergeKey) merging.current.set(mergeKey, id);
      setToasts((list) => [...list, { id, type, message, duration, count: 1, closing: false, paused: false, action }]);
      run(id, countdown, duration);
      return id;
    },
    [run],
  );

  const dismiss = useCallback((id: number) => close(id, 'dismissed'), [close]);

  /** Hovering or focusing a toast stops its clock (time to read it, or to reach its action). */
  const hold = useCallback(
    (id: number, why: 'hover' | 'focus', held: boolean) => {
      const countdown = countdowns.current.get(id);
      if (!countdown) return;
      const wasHeld = countdown.holds.size > 0;
      if (held) countdown.holds.add(why);
      else countdown.holds.delete(why);
      const isHeld = countdown.holds.size > 0;
      if (isHeld === wasHeld) return;
      if (isHeld) {
        clearTimeout(countdown.timer);
        countdown.remaining = Math.max(0, countdown.deadline - Date.now());
      } else {
        run(id, countdown, countdown.remaining);
      }
      patch(id, { paused: isHeld });
    },
    [run, patch],
  );

  const act = useCallback(
    (toast: Toast) => {
      close(toast.id, 'action');
      toast.action?.onClick();
    },
    [close],
  );

  useEffect(() => {
    const live = countdowns.current;
    const pendingRemovals = removals.current;
    return () => {
      live.forEach((countdown) => clearTimeout(countdown.timer));
      pendingRemovals.forEach((removal) => clearTimeout(removal));
    };
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, options) => show('success', message, options),
      error: (message, options) => show('error', message, options),
      warning: (message, options) => show('warning', message, options),
      info: (message, options) => show('info', message, options),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toasts toasts={toasts} onDismiss={dismiss} onAction={act} onHold={hold} />
    </ToastContext.Provider>
  );
}

interface ToastsProps {
  toasts: Toast[];
  onDismiss: (id: number) => void;
  onAction: (toast: Toast) => void;
  onHold: (id: number, why: 'hover' | 'focus', held: boolean) => void;
}

function Toasts({ toasts, onDismiss, onAction, onHold }: ToastsProps) {
  const { t } = useTranslation();
  return (
    <section className="toasts" aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}${toast.action ? ' toast--with-action' : ''}${toast.paused ? ' toast--paused' : ''}${toast.closing ? ' toast--closing' : ''}`}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          style={{ '--toast-duration': `${toast.duration}ms`, '--toast-close': `${TOAST_CLOSE_MS}ms` } as CSSProperties}
          onMouseEnter={() => onHold(toast.id, 'hover', true)}
          onMouseLeave={() => onHold(toast.id, 'hover', false)}
          onFocus={() => onHold(toast.id, 'focus', true)}
          onBlur={(event) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) onHold(toast.id, 'focus', false);
          }}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[toast.type]}
          </span>
          <p className="toast__message">
            {toast.message}
            {toast.count > 1 && (
              // Seen, not re-read: the words are the same, so a screen reader is not told twice.
              <span className="toast__count" aria-hidden="true">
                {t('toast.count', { count: toast.count })}
              </span>
            )}
          </p>
          {toast.action && (
            <button type="button" className="toast__action" disabled={toast.closing} onClick={() => onAction(toast)}>
              {toast.action.label}
            </button>
          )}
          <button type="button" className="toast__close" aria-label={t('toast.dismiss')} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
          {/* Keyed by the count: a repeat starts the bar again. */}
          <span key={toast.count} className="toast__progress" aria-hidden="true" />
        </div>
      ))}
    </section>
  );
}

export function useToast(): ToastApi {
  const value = useContext(ToastContext);
  if (!value) throw new Error('useToast must be used inside <ToastProvider>');
  return value;
}
