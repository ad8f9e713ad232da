import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import i18next from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { LanguageSwitch } from '@/components/language-switch';
import { setUpI18n } from '@/i18n';

const SPANISH_NO_RESULTS = 'No se encontraron resultados. Intenta otra búsqueda.';

/** The app's i18n as on a first English visit (the test setup's preloaded Spanish is not in it). */
async function freshEnglishI18n() {
  const instance = i18next.createInstance();
  await setUpI18n(instance);
  expect(instance.resolvedLanguage).toBe('en-US');
  expect(instance.hasResourceBundle('es', 'translation')).toBe(false);
  return instance;
}

describe('only English is bundled; Spanish loads on demand', () => {
  afterEach(() => {
    window.history.replaceState(null, '', '/');
  });

  it('starts an English reader with en-US alone, at once, and loads es when switching', async () => {
    const instance = i18next.createInstance();
    const ready = setUpI18n(instance);
    // English is in the first download: ready in the same tick, no chunk fetched.
    expect(instance.isInitialized).toBe(true);
    expect(instance.resolvedLanguage).toBe('en-US');
    expect(Object.keys(instance.store.data)).toEqual(['en-US']);
    expect(instance.hasResourceBundle('es', 'translation')).toBe(false);
    await ready;

    const switching = instance.changeLanguage('es');
    // Still English while es's chunk loads: no half-switched state.
    expect(instance.language).toBe('en-US');
    expect(instance.t('search.noResults')).toBe('No results found. Please try another search.');
    await switching;
    expect(instance.hasResourceBundle('es', 'translation')).toBe(true);
    expect(instance.resolvedLanguage).toBe('es');
    expect(instance.t('search.noResults')).toBe(SPANISH_NO_RESULTS);
    expect(localStorage.getItem('i18nextLng')).toBe('es');
    expect(document.documentElement.lang).toBe('es');
  });

  it('holds a Spanish reader’s start (?lng=es) until es is in', async () => {
    window.history.replaceState(null, '', '/?lng=es');
    const instance = i18next.createInstance();
    const ready = setUpI18n(instance);
    // Not ready, so main.tsx renders nothing yet: no English flash.
    expect(instance.isInitialized).toBeFalsy();
    expect(instance.hasResourceBundle('es', 'translation')).toBe(false);
    await ready;
    expect(instance.isInitialized).toBe(true);
    expect(instance.resolvedLanguage).toBe('es');
    expect(instance.t('search.noResults')).toBe(SPANISH_NO_RESULTS);
    expect(document.documentElement.lang).toBe('es');
    expect(localStorage.getItem('i18nextLng')).toBe('es');
  });

  it('the language switch fetches es on hover and switches both ways', async () => {
    const i18n = await freshEnglishI18n();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );

    await user.hover(screen.getByRole('button', { name: 'Español' }));
    await waitFor(() => expect(i18n.hasResourceBundle('es', 'translation')).toBe(true));
    expect(i18n.resolvedLanguage).toBe('en-US');

    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Idioma' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('es');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await screen.findByRole('button', { name: 'English' })).toHaveAttribute('aria-pressed', 'true');
    expect(document.documentElement.lang).toBe('en-US');
  });

  it('switching by click alone loads es first, then switches', async () => {
    const i18n = await freshEnglishI18n();
    const user = userEvent.setup();
    render(
      <I18nextProvider i18n={i18n}>
        <LanguageSwitch />
      </I18nextProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Español' }));
    expect(await screen.findByRole('button', { name: 'Español' })).toHaveAttribute('aria-pressed', 'true');
    expect(i18n.t('search.noResults')).toBe(SPANISH_NO_RESULTS);
  });
});
