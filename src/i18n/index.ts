import i18n, { type i18n as I18n, type LanguageDetectorModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { readerLanguage, STORED_LANGUAGE } from '@/preload-page';
import { writeLanguageCookie } from './language-cookie';
import { lazyLocales } from './lazy-locales';
import enUS from './locales/en-US.json';

export const SUPPORTED_LANGUAGES = ['en-US', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en-US';

/** Maps whatever a browser reports (en, en-GB, es-AR, ...) onto the two languages we ship. */
export function toSupportedLanguage(code: string | undefined | null): Language {
  const lower = (code ?? '').toLowerCase();
  if (lower === 'es' || lower.startsWith('es-')) return 'es';
  return FALLBACK_LANGUAGE;
}

/**
 * The reader's language as index.html's first script finds it for the first paint
 * (`readerLanguage`: ?lng=, the stored choice, the browser's languages), and their choice
 * kept in localStorage.
 */
const languageDetector: LanguageDetectorModule = {
  type: 'languageDetector',
  detect: () => (typeof window === 'undefined' ? FALLBACK_LANGUAGE : readerLanguage(window, SUPPORTED_LANGUAGES)),
  cacheUserLanguage: (language) => {
    try {
      window.localStorage.setItem(STORED_LANGUAGE, language);
    } catch {
      // storage blocked: the choice lasts this visit
    }
  },
};

/**
 * Sets an i18next instance up the app's way and resolves once the detected language's strings
 * are in. Only English, the fallback, is bundled: it is ready at once (no network); Spanish is
 * its own chunk (lazy-locales.ts), fetched only for a Spanish reader or a switch to Spanish.
 */
export function setUpI18n(instance: I18n): Promise<unknown> {
  const ready = instance
    .use(languageDetector)
    .use(lazyLocales)
    .init({
      // A fresh object per instance: i18next adds loaded languages into it.
      resources: { 'en-US': { translation: enUS } },
      // The bundled resources are not all of them: the backend loads the rest.
      partialBundledLanguages: true,
      supportedLngs: [...SUPPORTED_LANGUAGES],
      fallbackLng: FALLBACK_LANGUAGE,
      // Only the exact language: no 'en' or 'es-AR' lookups beyond the two we ship.
      load: 'currentOnly',
      // Initialise in this tick: at once for English, after es's chunk for Spanish.
      initAsync: false,
      interpolation: { escapeValue: false },
      returnNull: false,
      showSupportNotice: false,
    });

  // The language the text is really in: English too if a language's chunk failed to load.
  const syncHtmlLang = (lng: string) => {
    if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(instance.resolvedLanguage ?? lng);
  };
  syncHtmlLang(instance.resolvedLanguage ?? FALLBACK_LANGUAGE);
  instance.on('languageChanged', syncHtmlLang);
  // The reader's language for the server's pages, once settled at start and at every change.
  const rememberForServer = (lng: string) => {
    if (typeof document !== 'undefined') writeLanguageCookie(document, toSupportedLanguage(lng));
  };
  instance.on('languageChanged', rememberForServer);
  void Promise.resolve(ready).then(() => rememberForServer(instance.resolvedLanguage ?? instance.language ?? FALLBACK_LANGUAGE));
  return ready;
}

/** Resolves once the reader's language is loaded; main.tsx renders nothing translated before. */
export const i18nReady = setUpI18n(i18n.use(initReactI18next));

export default i18n;
