import { act } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import i18n, { i18nReady } from '@/i18n';
import { LANGUAGE_COOKIE, writeLanguageCookie } from './language-cookie';

// The server's pages are drawn in the language the app last settled on: the app keeps it in
// the cookie jerga-lng, at start and at every change.

const cookieLanguage = () => new RegExp(`(?:^|; )${LANGUAGE_COOKIE}=([^;]*)`).exec(document.cookie)?.[1];

afterEach(async () => {
  await act(() => i18n.changeLanguage('en-US'));
});

describe('the jerga-lng cookie', () => {
  it('holds the language settled at start, then each one the reader switches to', async () => {
    await i18nReady;
    expect(cookieLanguage()).toBe('en-US');
    await act(() => i18n.changeLanguage('es'));
    expect(cookieLanguage()).toBe('es');
    await act(() => i18n.changeLanguage('en-US'));
    expect(cookieLanguage()).toBe('en-US');
  });

  it('is written for the whole site, for a year, same-site Lax, Secure over https', () => {
    const written: string[] = [];
    const page = (protocol: string) =>
      ({
        location: { protocol },
        set cookie(value: string) {
          written.push(value);
        },
      }) as unknown as Document;
    writeLanguageCookie(page('https:'), 'es');
    writeLanguageCookie(page('http:'), 'en-US');
    expect(written).toEqual([
      'jerga-lng=es; Path=/; Max-Age=31536000; SameSite=Lax; Secure',
      'jerga-lng=en-US; Path=/; Max-Age=31536000; SameSite=Lax',
    ]);
  });

  it('never breaks the app where cookies are refused', () => {
    const refusing = {
      location: { protocol: 'https:' },
      set cookie(_: string) {
        throw new DOMException('The document is sandboxed', 'SecurityError');
      },
    } as unknown as Document;
    expect(() => writeLanguageCookie(refusing, 'es')).not.toThrow();
  });
});
