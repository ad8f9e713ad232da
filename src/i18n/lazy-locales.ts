import type { BackendModule, ResourceKey } from 'i18next';

/**
 * Every language but the bundled fallback, each its own chunk: a reader downloads only the
 * strings of their language. Add a language here and to SUPPORTED_LANGUAGES.
 */
const loaders: Record<string, () => Promise<{ default: ResourceKey }>> = {
  es: () => import('./locales/es.json'),
};

/** True for a language whose strings come from their own chunk, not from the first download. */
export function isLazyLanguage(language: string): boolean {
  return Object.hasOwn(loaders, language);
}

/**
 * An i18next backend (with `partialBundledLanguages`) that imports a language's chunk the first
 * time i18next needs it: at start when that language is detected, or on `changeLanguage`,
 * which switches only once the strings are in.
 */
export const lazyLocales: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    if (namespace !== 'translation' || !isLazyLanguage(language)) {
      callback(new Error(`No ${namespace} strings for ${language}`), false);
      return;
    }
    loaders[language]().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};
