import { useTranslation } from 'react-i18next';
import { toSupportedLanguage, type Language } from '@/i18n';

/** In the spec's order: Spanish / English. */
const OPTIONS: readonly Language[] = ['es', 'en-US'];

/** The spec's language switch: Spanish / English, remembered in local storage by the detector. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {OPTIONS.map((lng) => (
        <button
          key={lng}
          type="button"
          className="language-switch__option"
          aria-pressed={current === lng}
          onClick={() => void i18n.changeLanguage(lng)}
        >
          {t(`language.${lng}`)}
        </button>
      ))}
    </div>
  );
}
