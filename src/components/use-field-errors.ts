import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';

export type { FieldError } from '@/i18n/api-errors';

/**
 * The browser's own check of the form's <input type="email"> (HTML's "valid e-mail
 * address"), so a malformed address is pointed out with no server round trip. The server
 * checks again, more strictly.
 */
export function malformedEmail(form: HTMLFormElement, name = 'email'): boolean {
  const input = form.elements.namedItem(name);
  return input instanceof HTMLInputElement && input.validity.typeMismatch;
}

/**
 * Per-field errors and a general line for the account forms: editing a field clears its
 * error (spec §4), server field errors land on their fields, anything else is the general line.
 */
export function useFieldErrors<Field extends string>(fields: readonly Field[], linked: readonly Field[][] = []) {
  const { t } = useTranslation();
  const [errors, setErrors] = useState<Partial<Record<Field, FieldError>>>({});
  const [general, setGeneral] = useState<FieldError | null>(null);

  return {
    errors,
    general,
    message: (error: FieldError | null | undefined) => (error ? fieldErrorMessage(t, error) : undefined),
    /** Clears a field's error; fields linked to it lose the same (shared) error too. */
    clear: (field: Field) => {
      setErrors((current) => {
        if (!current[field]) return current;
        const next = { ...current };
        const shared = current[field];
        delete next[field];
        for (const group of linked) {
          if (!group.includes(field)) continue;
          for (const other of group) if (JSON.stringify(next[other]) === JSON.stringify(shared)) delete next[other];
        }
        return next;
      });
    },
    /** Shows the found errors and focuses the first invalid field; true when there are none. */
    check: (found: Partial<Record<Field, FieldError>>, form: HTMLFormElement): boolean => {
      setGeneral(null);
      setErrors(found);
      const first = fields.find((field) => found[field]);
      if (first) form.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return !first;
    },
    fromServer: (error: unknown, fallbackKey: string) => {
      const onFields = serverFieldErrors(error, fields);
      setErrors(onFields);
      setGeneral(Object.keys(onFields).length === 0 ? generalFailure(error, fallbackKey) : null);
    },
  };
}
