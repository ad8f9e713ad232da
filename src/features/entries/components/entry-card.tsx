import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Entry } from '@/lib/api-types';
import { CountryFlag, useCountryName } from '@/features/countries';
import './entry-card.css';

export function EntryCard({ entry }: { entry: Entry }) {
  const { t } = useTranslation();
  const countryName = useCountryName(entry.country);
  return (
    <article className="entry-card">
      <div className="entry-card__top">
        <span className="entry-card__country">
          <CountryFlag code={entry.country} size="sm" />
          <span className="entry-card__country-name">{countryName}</span>
        </span>
        <span className="entry-card__votes">
          <svg viewBox="0 0 12 12" aria-hidden="true">
            <path d="M6 2l4.5 6h-9z" fill="currentColor" />
          </svg>
          {t('entry.votes', { count: entry.voteCount })}
        </span>
      </div>
      <h2 className="entry-card__title">
        <Link to={`/content/${entry._id}`} className="entry-card__link">
          {entry.title}
        </Link>
      </h2>
      <p className="entry-card__description">{entry.description}</p>
      {entry.tags.length > 0 && (
        <ul className="tag-list tag-list--compact">
          {entry.tags.map((tag) => (
            <li key={tag._id} className="tag">
              {tag.name}
            </li>
          ))}
        </ul>
      )}
      <p className="entry-card__author">{t('entry.by', { author: entry.author })}</p>
    </article>
  );
}
