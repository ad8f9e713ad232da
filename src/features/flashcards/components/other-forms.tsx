import { useTranslation } from 'react-i18next';
import { CountryFlag, useCountryName } from '@/features/countries';
import type { FlashcardVariant } from '@/lib/api-types';

/** A variant card's back: the group's forms in the other countries. */
export function OtherForms({ variants }: { variants: FlashcardVariant[] }) {
  const { t } = useTranslation();
  return (
    <div className="review-card__forms">
      <p className="review-card__forms-title">{t('flashcards.otherForms')}</p>
      <ul className="review-card__forms-list">
        {variants.map((form) => (
          <li key={form._id}>
            <CountryFlag code={form.country} size="sm" />
            <OtherFormCountry code={form.country} />
            <span className="review-card__form" lang="es">
              {form.title}
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function OtherFormCountry({ code }: { code: string }) {
  return <span className="review-card__form-country">{useCountryName(code)}:</span>;
}
