import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Meaning } from '@/components/meaning';
import { CountryFlag, useCountryName } from '@/features/countries';
import { useWordOfTheDay } from '@/features/entries/api/get-word-of-the-day';
import type { Entry } from '@/lib/api-types';
import './word-of-the-day-card.css';

/**
 * The home page's "Word of the day", above the grid. Its box is the same size loading, loaded
 * or failed (a skeleton first), so nothing below it moves when the word arrives. Nothing at
 * all when there is no shown entry to choose from (an empty Jerga has its own message).
 */
export function WordOfTheDayCard() {
  const { t } = useTranslation();
  const word = useWordOfTheDay();
  if (word.data && !word.data.data) return null;
  return (
    <section className="word-of-the-day" aria-labelledby="word-of-the-day-title" aria-busy={word.isPending || undefined}>
      <h2 id="word-of-the-day-title" className="word-of-the-day__label">
        {t('daily.wordTitle')}
      </h2>
      {word.data?.data ? (
        <WordBody entry={word.data.data} />
      ) : word.isError ? (
        <p className="word-of-the-day__meaning">{t('daily.wordFailed')}</p>
      ) : (
        <div className="word-of-the-day__skeleton" role="status">
          <span className="visually-hidden">{t('daily.wordLoading')}</span>
          <span className="word-of-the-day__bone word-of-the-day__bone--title" />
          <span className="word-of-the-day__bone" />
        </div>
      )}
    </section>
  );
}

function WordBody({ entry }: { entry: Entry }) {
  const countryName = useCountryName(entry.country);
  return (
    <>
      <p className="word-of-the-day__title">
        <Link to={`/content/${entry._id}`} className="word-of-the-day__link">
          {entry.title}
        </Link>
        <span className="word-of-the-day__country">
          <CountryFlag code={entry.country} size="sm" />
          {countryName}
        </span>
      </p>
      <p className="word-of-the-day__meaning">
        <Meaning english={entry.description} spanish={entry.descriptionEs} />
      </p>
    </>
  );
}
