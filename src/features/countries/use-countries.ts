import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { COUNTRY_CODES, isCountryCode, type CountryCode } from './countries';

export interface Country {
  code: CountryCode;
  name: string;
}

/** Country names in the current language, sorted by name as that language sorts them. */
export function useCountries(): Country[] {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en-US';
  return useMemo(() => {
    const collator = new Intl.Collator(language);
    return COUNTRY_CODES.map((code) => ({ code, name: t(`countries.${code}`) })).sort((a, b) =>
      collator.compare(a.name, b.name),
    );
  }, [t, language]);
}

/** One country's name in the current language; unknown codes are shown as they are. */
export function useCountryName(code: string): string {
  const { t } = useTranslation();
  return isCountryCode(code) ? t(`countries.${code}`) : code;
}
