import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountries } from '@/features/countries';
import type { EntryUsage } from '@/lib/api-types';
import { localCount, USAGE_KINDS } from '../usage-kinds';
import '../usage-strings';

/** The map's numbers as a table: one row per marked country, in the reader's alphabetical order. */
export function UsageTable({ usage, title }: { usage: EntryUsage; title: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  const countries = useCountries().filter((country) => usage[country.code]);
  if (countries.length === 0) {
    return <p className="usage-panel__empty muted">{t('usage.empty')}</p>;
  }
  return (
    <>
      {/* Scrolls sideways on a narrow phone: focusable, so a keyboard can scroll it too. */}
      <div className="usage-table-wrap" tabIndex={0} role="group" aria-labelledby={captionId}>
        <table className="usage-table">
          <caption id={captionId}>{t('usage.tableCaption', { title })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('usage.country')}</th>
              {USAGE_KINDS.map((kind) => (
                <th key={kind} scope="col">
                  <span className={`usage-swatch usage-swatch--${kind}`} aria-hidden="true" />
                  {t(`usage.kinds.${kind}`)}
                </th>
              ))}
              <th scope="col">{t('usage.locals')}</th>
            </tr>
          </thead>
          <tbody>
            {countries.map(({ code, name }) => {
              const tally = usage[code];
              return (
                <tr key={code} data-country={code}>
                  <th scope="row">{name}</th>
                  {USAGE_KINDS.map((kind) => (
                    <td key={kind}>{tally[kind]}</td>
                  ))}
                  <td>{localCount(tally)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <p className="usage-table__note muted">{t('usage.localsHelp')}</p>
    </>
  );
}
