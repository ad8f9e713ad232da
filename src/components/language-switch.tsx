import { useTranslation } from 'react-i18next';
import { SUPPORTED_LANGUAGES, toSupportedLanguage } from '@/i18n';

/** The spec's language switch: English / Spanish, remembered in local storage by the detector. */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const current = toSupportedLanguage(i18n.resolvedLanguage);
  return (
    <div className="language-switch" role="group" aria-label={t('language.label')}>
      {SUPPORTED_LANGUAGES.map((lng) => (
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
