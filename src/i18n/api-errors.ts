import i18next, { type TFunction } from 'i18next';
import { isApiError } from '@/lib/api';

/**
 * The /api's error codes in the reader's language (`apiErrors` in the locale files), so a
 * reworded English message never breaks a translation. Undefined for a code we do not know.
 */
export function codeText(t: TFunction, code: string | undefined): string | undefined {
  if (!code) return undefined;
  if (code === 'network') return t('errors.network');
  const key = `apiErrors.${code}`;
  return i18next.exists(key) ? (t as unknown as (key: string) => string)(key) : undefined;
}

/** Failures with no words of their own: the screen's "…failed. Please try again." says it. */
const saysNothing = (error: unknown) => !isApiError(error) || error.message === '';

/** A 429's wait, when the server said how long: "You can try again in 3 minutes." */
export function waitText(t: TFunction, seconds: number | undefined): string | undefined {
  if (seconds === undefined || seconds <= 0) return undefined;
  return seconds < 60
    ? t('errors.retryInSeconds', { count: Math.ceil(seconds) })
    : t('errors.retryInMinutes', { count: Math.ceil(seconds / 60) });
}

/** The wait a failed call asks for: only 429s (a 503's Retry-After is the server's guess). */
const waitOf = (error: unknown) => (isApiError(error) && error.status === 429 ? error.retryAfter : undefined);

const withWait = (text: string, wait: string | undefined) => (wait ? `${text} ${wait}` : text);

/** The headline of a failed call: its code translated, else the server's words, else `fallbackKey`. */
export function apiErrorText(t: TFunction, error: unknown, fallbackKey: string): string {
  if (isApiError(error) && !saysNothing(error)) {
    const text = codeText(t, error.code) ?? error.message;
    if (text) return withWait(text, waitText(t, waitOf(error)));
  }
  return (t as unknown as (key: string) => string)(fallbackKey);
}

/**
 * A form's error: a locale key, or the server's code (translated when shown), its English
 * words and, for a 429, the seconds to wait.
 */
export type FieldError = { key: string } | { code?: string; text: string; retryAfter?: number };

/** A FieldError in the reader's language. */
export function fieldErrorMessage(t: TFunction, error: FieldError): string {
  if ('key' in error) return (t as unknown as (key: string) => string)(error.key);
  return withWait(codeText(t, error.code) ?? error.text, waitText(t, error.retryAfter));
}

/** The server's field errors of a failed call, as FieldErrors for the fields a form has. */
export function serverFieldErrors<Field extends string>(error: unknown, fields: readonly Field[]): Partial<Record<Field, FieldError>> {
  const found: Partial<Record<Field, FieldError>> = {};
  if (!isApiError(error)) return found;
  for (const name of new Set([...Object.keys(error.fieldErrors), ...Object.keys(error.fieldCodes)])) {
    if ((fields as readonly string[]).includes(name)) {
      found[name as Field] = { code: error.fieldCodes[name], text: error.fieldErrors[name] ?? error.message };
    }
  }
  return found;
}

/** The general line for a failed call: the server's code and words, or `fallbackKey`. */
export function generalFailure(error: unknown, fallbackKey: string): FieldError {
  return isApiError(error) && !saysNothing(error) ? { code: error.code, text: error.message, retryAfter: waitOf(error) } : { key: fallbackKey };
}
