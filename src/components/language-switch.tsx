import { useTranslation } from 'react-i18next';
import { toSupportedLanguage, type Language } from '@/i18n';

/** In the spec's order: Spanish / English. */
const OPTIONS: readonly Language[] = ['es', 'en-US'];

/**
 * The spec's language switch, each language named in itself ("Español", "English") and marked
 * with its language so a screen reader says it as its speakers would; remembered in local storage by the detector.
 * A language not bundled (Spanish) is its own chunk: fetched when the pointer or focus reaches
 * its button, so the click usually finds it loaded; `changeLanguage` loads it first in any case
 * and switches once its strings are in.
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {OPTIONS.map((lng) => {
        const prefetch = () => void i18n.loadLanguages(lng);
        return (
          <button
            key={lng}
            type="button"
            className="language-switch__option"
            aria-pressed={current === lng}
            lang={lng}
            onPointerEnter={prefetch}
            onFocus={prefetch}
            onClick={() => void i18n.changeLanguage(lng)}
          >
            {t(`language.${lng}`)}
          </button>
        );
      })}
    </div>
  );
}
