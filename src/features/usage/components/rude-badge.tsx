import { useTranslation } from 'react-i18next';
import './rude-badge.css';

/**
 * "Rude in Spain": a warning on an entry learners mark offensive somewhere (rudeIn, kept by
 * the database). Nothing when the list is empty. Part of the first download (entry cards):
 * it carries one string and no map.
 */
export function RudeBadge({ countries, className = '' }: { countries: string[]; className?: string }) {
  const { t, i18n } = useTranslation();
  if (countries.length === 0) return null;
  const names = countries.map((code) => (i18n.exists(`countries.${code}`) ? t(`countries.${code}` as 'countries.ES') : code));
  const list = new Intl.ListFormat(i18n.resolvedLanguage ?? 'en-US', { type: 'conjunction' }).format(names);
  return (
    <span className={`badge rude-badge ${className}`.trim()}>
      <span aria-hidden="true" className="rude-badge__icon">
        !
      </span>
      {t('usage.rudeIn', { countries: list })}
    </span>
  );
}
