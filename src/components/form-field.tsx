import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import enUSForms from '@/i18n/locales/en-US.forms.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// The counter's words arrive with the first page that has a form.
addEnglishPageStrings({ forms: enUSForms });

/**
 * A text's length as the /api counts it against a field's limit: trimmed, in UTF-16 units
 * (zod's `.max`, which answers before the database).
 */
export function textLength(value: string): number {
  return value.trim().length;
}

/** True when `value` is longer than `max` (textLength). */
export function isTooLong(value: string, max: number): boolean {
  return textLength(value) > max;
}

/**
 * A field's character limit. The text is never cut (no maxLength): past the limit the
 * counter turns red and says by how much, and the form refuses to submit.
 */
export interface FieldLimit {
  value: string;
  max: number;
  /** Show the counter only from this length on (short optional fields stay quiet). */
  showFrom?: number;
}

interface FieldProps {
  label: string;
  error?: string;
  /** Shown after the label, outside it, so the accessible name stays the plain label. */
  note?: string;
  limit?: FieldLimit;
  children: (props: { id: string; 'aria-invalid': boolean | undefined; 'aria-describedby': string | undefined }) => ReactNode;
}

/** A labelled form control with its error line (and an optional character counter). */
export function FormField({ label, error, note, limit, children }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const counterId = `${id}-counter`;
  const length = limit ? textLength(limit.value) : 0;
  const over = limit ? length - limit.max : 0;
  const counter = limit && (over > 0 || length >= (limit.showFrom ?? 0)) ? (
    <span className={`field__counter${over > 0 ? ' field__counter--over' : ''}`} id={counterId}>
      {over > 0 ? t('forms.over', { count: over }) : t('forms.counter', { count: length, max: limit.max })}
    </span>
  ) : null;
  const describedBy = [error ? errorId : null, counter ? counterId : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}`}>
      <div className="field__head">
        <label className="field__label" htmlFor={id}>
          {label}
        </label>
        {note && <span className="field__note">{note}</span>}
        {counter}
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
