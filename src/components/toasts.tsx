import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './toasts.css';

export type ToastType = 'success' | 'error' | 'warning' | 'info';

/** Spec §9: toasts stay 3000 ms by default and take 500 ms to animate out. */
export const TOAST_DURATION_MS = 3000;
export const TOAST_CLOSE_MS = 500;

interface Toast {
  id: number;
  type: ToastType;
  message: string;
  duration: number;
  closing: boolean;
}

export interface ToastApi {
  show: (type: ToastType, message: string, duration?: number) => number;
  success: (message: string, duration?: number) => number;
  error: (message: string, duration?: number) => number;
  warning: (message: string, duration?: number) => number;
  info: (message: string, duration?: number) => number;
  dismiss: (id: number) => void;
}

const ToastContext = createContext<ToastApi | null>(null);

const ICONS: Record<ToastType, string> = { success: '✓', error: '!', warning: '!', info: 'i' };

export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const remove = useCallback((id: number) => {
    setToasts((list) => list.filter((toast) => toast.id !== id));
    timers.current.delete(id);
  }, []);

  const dismiss = useCallback(
    (id: number) => {
      clearTimeout(timers.current.get(id));
      setToasts((list) => list.map((toast) => (toast.id === id ? { ...toast, closing: true } : toast)));
      timers.current.set(id, setTimeout(() => remove(id), TOAST_CLOSE_MS));
    },
    [remove],
  );

  const show = useCallback(
    (type: ToastType, message: string, duration = TOAST_DURATION_MS) => {
      const id = nextId.current++;
      setToasts((list) => [...list, { id, type, message, duration, closing: false }]);
      timers.current.set(id, setTimeout(() => dismiss(id), duration));
      return id;
    },
    [dismiss],
  );

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach((timer) => clearTimeout(timer));
  }, []);

  const api = useMemo<ToastApi>(
    () => ({
      show,
      dismiss,
      success: (message, duration) => show('success', message, duration),
      error: (message, duration) => show('error', message, duration),
      warning: (message, duration) => show('warning', message, duration),
      info: (message, duration) => show('info', message, duration),
    }),
    [show, dismiss],
  );

  return (
    <ToastContext.Provider value={api}>
      {children}
      <Toasts toasts={toasts} onDismiss={dismiss} />
    </ToastContext.Provider>
  );
}

function Toasts({ toasts, onDismiss }: { toasts: Toast[]; onDismiss: (id: number) => void }) {
  const { t } = useTranslation();
  return (
    <section className="toasts" aria-label={t('toast.region')}>
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.type}${toast.closing ? ' toast--closing' : ''}`}
          role={toast.type === 'error' || toast.type === 'warning' ? 'alert' : 'status'}
          style={{ '--toast-duration': `${toast.duration}ms`, '--toast-close': `${TOAST_CLOSE_MS}ms` } as CSSProperties}
        >
          <span className="toast__icon" aria-hidden="true">
            {ICONS[toast.type]}
          </span>
          <p className="toast__message">{toast.message}</p>
          <button type="button" className="toast__close" aria-label={t('toast.dismiss')} onClick={() => onDismiss(toast.id)}>
            ×
          </button>
          <span className="toast__progress" aria-hidden="true" />
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
