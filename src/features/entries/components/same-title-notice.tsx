import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Meaning } from '@/components/meaning';
import { CountryFlag, useCountryName } from '@/features/countries';
import { useSameTitleEntries } from '../api/find-same-title';
import '../entry-form-strings';
import './same-title-notice.css';

/**
 * Before a learner adds a word, the entries already there with its title in that country:
 * open one (and vote or comment there), or add theirs anyway — the form stays as it is.
 */
export function SameTitleNotice({ title, country }: { title: string; country: string }) {
  const { t } = useTranslation();
  const matches = useSameTitleEntries(title, country);
  const countryName = useCountryName(country);
  // A live region that is always there, so screen readers announce the matches when they come.
  return (
    <div role="status" aria-live="polite" className="same-title-slot">
      {matches.length > 0 && (
        <div className="same-title">
          <p className="same-title__lead">
            <CountryFlag code={country} size="sm" />{' '}
            {t('addContent.sameTitle', { title: matches[0].title, country: countryName, count: matches.length })}
          </p>
          <ul className="same-title__list">
            {matches.map((entry) => (
              <li key={entry._id} className="same-title__item">
                <Link to={`/content/${entry._id}`} className="same-title__link">
                  {t('addContent.openExisting', { title: entry.title })}
                </Link>
                <span className="same-title__meaning">
                  <Meaning english={entry.description} spanish={entry.descriptionEs} />
                </span>
                <span className="same-title__votes">{t('addContent.sameTitleVotes', { count: entry.voteCount })}</span>
              </li>
            ))}
          </ul>
          <p className="same-title__anyway">{t('addContent.addAnyway')}</p>
        </div>
      )}
    </div>
  );
}
