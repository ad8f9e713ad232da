import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useCountries } from '../use-countries';
import './country-links.css';

/**
 * A link to every country's page (/country/XX), by name in the reader's language: how a
 * reader, and a crawler, gets from the home page to each country's slang. Names only, no
 * flags: 21 more images would be 21 more requests on the home page.
 */
export function CountryLinks() {
  const { t } = useTranslation();
  const headingId = useId();
  const countries = useCountries();
  return (
    <nav className="country-links" aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {t('pageLinks.countriesHeading')}
      </h2>
      <ul className="country-links__list">
        {countries.map((country) => (
          <li key={country.code}>
            <Link className="country-links__link" to={`/country/${country.code}`}>
              {country.name}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
