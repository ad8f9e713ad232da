import { afterEach, describe, expect, it } from 'vitest';
import i18n from '@/i18n';
import { ApiError } from '@/lib/api';
// The add page's strings, which these tests use as a screen's fallback message.
import '@/features/entries/entry-form-strings';
import { apiErrorText, fieldErrorMessage, generalFailure, serverFieldErrors } from './api-errors';

afterEach(async () => {
  await i18n.changeLanguage('en-US');
});

const t = i18n.t.bind(i18n);

describe('translating /api errors by code', () => {
  it('shows a code in the reader’s language, whatever the server’s English says', async () => {
    const error = new ApiError(429, 'guest_rate_limited', 'Some reworded English sentence.');
    expect(apiErrorText(t, error, 'addContent.failed')).toBe(
      'Guests can add only a few entries an hour. Please wait a while, or log in to add more.',
    );
    await i18n.changeLanguage('es');
    expect(apiErrorText(t, error, 'addContent.failed')).toBe(
      'Sin cuenta solo se pueden añadir unas pocas entradas por hora. Espera un rato o inicia sesión para añadir más.',
    );
  });

  it('falls back to the server’s words for an unknown code, and to the screen’s message without words', () => {
    expect(apiErrorText(t, new ApiError(400, 'brand_new_code', 'Something new.'), 'addContent.failed')).toBe('Something new.');
    expect(apiErrorText(t, new ApiError(500, 'internal', ''), 'addContent.failed')).toBe('Adding content failed. Please try again.');
    expect(apiErrorText(t, new Error('boom'), 'addContent.failed')).toBe('Adding content failed. Please try again.');
  });

  it('puts field codes on their fields, translated when shown', async () => {
    const error = new ApiError(400, 'password_too_common', 'This password is too common.', {
      errors: { password: 'This password is too common.', other: 'x' },
      codes: { password: 'password_too_common', other: 'invalid_input' },
    });
    const fields = serverFieldErrors(error, ['email', 'password'] as const);
    expect(Object.keys(fields)).toEqual(['password']);
    await i18n.changeLanguage('es');
    expect(fieldErrorMessage(t, fields.password!)).toBe('Esta contraseña es demasiado común.');
    expect(fieldErrorMessage(t, generalFailure(new ApiError(401, 'session_ended', 'Your session has ended.'), 'x'))).toBe(
      'Tu sesión ha terminado. Vuelve a iniciar sesión.',
    );
  });

  it('adds a 429’s wait, in seconds or minutes', async () => {
    const wait = (retryAfter: number) => new ApiError(429, 'rate_limited', 'x', {}, { retryAfter });
    expect(apiErrorText(t, wait(1), 'tags.failed')).toBe('Too many requests. Please wait a moment and try again. You can try again in 1 second.');
    expect(apiErrorText(t, wait(61), 'tags.failed')).toBe('Too many requests. Please wait a moment and try again. You can try again in 2 minutes.');
    // Only a 429's: a 503's Retry-After is not a promise.
    expect(apiErrorText(t, new ApiError(503, 'busy', 'x', { retryAfter: 5 }), 'tags.failed')).toBe('The server is busy. Please try again.');
    await i18n.changeLanguage('es');
    expect(fieldErrorMessage(t, generalFailure(wait(30), 'tags.failed'))).toBe(
      'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo. Podrás volver a intentarlo en 30 segundos.',
    );
  });
});
