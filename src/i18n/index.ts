import i18n from 'i18next';
import LanguageDetector from 'i18next-browser-languagedetector';
import { initReactI18next } from 'react-i18next';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

export const SUPPORTED_LANGUAGES = ['en-US', 'es'] as const;
export type Language = (typeof SUPPORTED_LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en-US';

export const resources = {
  'en-US': { translation: enUS },
  es: { translation: es },
} as const;

/** Maps whatever a browser reports (en, en-GB, es-AR, ...) onto the two languages we ship. */
export function toSupportedLanguage(code: string | undefined | null): Language {
  const lower = (code ?? '').toLowerCase();
  if (lower === 'es' || lower.startsWith('es-')) return 'es';
  return FALLBACK_LANGUAGE;
}

void i18n
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    resources,
    supportedLngs: [...SUPPORTED_LANGUAGES],
    fallbackLng: FALLBACK_LANGUAGE,
    // Only the exact language: no 'en' or 'es-AR' lookups beyond the two we ship.
    load: 'currentOnly',
    // Resources are bundled: initialise synchronously, no network.
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
    detection: {
      order: ['querystring', 'cookie', 'localStorage', 'navigator', 'htmlTag'],
      lookupQuerystring: 'lng',
      lookupCookie: 'i18next',
      lookupLocalStorage: 'i18nextLng',
      caches: ['localStorage'],
      convertDetectedLanguage: (lng: string) => {
        const lower = lng.toLowerCase();
        if (lower === 'en' || lower.startsWith('en-')) return 'en-US';
        if (lower === 'es' || lower.startsWith('es-')) return 'es';
        return lng;
      },
    },
  });

function syncHtmlLang(lng: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = toSupportedLanguage(lng);
}
syncHtmlLang(i18n.resolvedLanguage ?? FALLBACK_LANGUAGE);
i18n.on('languageChanged', syncHtmlLang);

export default i18n;
