import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: string;
  error?: string;
  /** Shown after the label, outside it, so the accessible name stays the plain label. */
  note?: string;
  counter?: string;
  children: (props: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled form control with its error line (and an optional character counter). */
export function FormField({ label, error, note, counter, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const describedBy = [error ? errorId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {note && <span className="field__note">{note}</span>}
        {counter && (
          <span className="field__counter" id={counterId}>
            {counter}
          </span>
        )}
      </div>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {error && (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      )}
    </div>
  );
}
