import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Meaning } from '@/components/meaning';
import type { ConceptGroup } from '@/lib/api-types';
import { CountryFlag, useCountryName } from '@/features/countries';

function CountryRow({ entry }: { entry: ConceptGroup['entries'][number] }) {
  const countryName = useCountryName(entry.country);
  return (
    <tr className="concept-group__row">
      <th scope="row" className="concept-group__country">
        <CountryFlag code={entry.country} size="sm" />
        <span>{countryName}</span>
      </th>
      <td className="concept-group__form">
        <Link to={`/content/${entry._id}`} lang="es">
          {entry.title}
        </Link>
      </td>
      <td className="concept-group__meaning">
        <Meaning english={entry.description} spanish={entry.descriptionEs} />
      </td>
    </tr>
  );
}

/** One meaning across countries: a row per member (flag and country, the form linking to its entry, its meaning). */
export function ConceptGroupTable({ group }: { group: ConceptGroup }) {
  const { t } = useTranslation();
  const forms = [...new Set(group.entries.map((entry) => entry.title))].join(', ');
  return (
    <table className="concept-group">
      <caption className="concept-group__caption">{t('compare.groupLabel', { forms })}</caption>
      <thead className="concept-group__head">
        <tr>
          <th scope="col">{t('compare.country')}</th>
          <th scope="col">{t('compare.form')}</th>
          <th scope="col">{t('compare.meaning')}</th>
        </tr>
      </thead>
      <tbody>
        {group.entries.map((entry) => (
          <CountryRow key={entry._id} entry={entry} />
        ))}
      </tbody>
    </table>
  );
}
