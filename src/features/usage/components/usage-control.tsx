import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useCountries, useCountryName } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import type { Entry, UsageKind } from '@/lib/api-types';
import { useSetUsage } from '../api/set-usage';
import { USAGE_KINDS } from '../usage-kinds';
import '../usage-strings';

/**
 * A signed-in learner's mark: pick a country (their home country first, else the entry's),
 * then how the word lands there. Choosing saves at once; the learner can take it back.
 */
export function UsageControl({ entry, homeCountry }: { entry: Entry; homeCountry: string | undefined }) {
  const { t } = useTranslation();
  const toast = useToast();
  const countries = useCountries();
  const setUsage = useSetUsage();
  const [country, setCountry] = useState(homeCountry ?? entry.country);
  const [status, setStatus] = useState('');
  const selectId = useId();
  // The learner's choice shows at once (set in the event itself); the tallies follow the
  // server's reply, and a refused choice goes back to what was saved.
  const [chosen, setChosen] = useState<{ country: string; usage: UsageKind | null } | null>(null);
  const saved = entry.myUsage?.[country] ?? null;
  const mine = chosen?.country === country ? chosen.usage : saved;
  const countryName = useCountryName(country);

  const mark = (usage: UsageKind | null) => {
    setStatus('');
    setChosen({ country, usage });
    setUsage.mutate(
      { contentId: entry._id, country, usage },
      {
        onSuccess: () => setStatus(t(usage ? 'usage.saved' : 'usage.takenBack')),
        onError: (error) => {
          setChosen(null);
          toast.error(apiErrorText(t, error, 'usage.failed'));
        },
      },
    );
  };

  return (
    <div className="usage-control">
      <h3 className="usage-control__title">{t('usage.markTitle')}</h3>
      <div className="field usage-control__country">
        <label className="field__label" htmlFor={selectId}>
          {t('usage.markCountry')}
        </label>
        <select id={selectId} className="input select" value={country} onChange={(event) => setCountry(event.target.value)}>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <fieldset className="usage-control__kinds" disabled={setUsage.isPending}>
        <legend>{t('usage.markHow', { country: countryName })}</legend>
        <div className="usage-control__options">
          {USAGE_KINDS.map((kind) => (
            <label key={kind} className={`usage-option${mine === kind ? ' usage-option--checked' : ''}`}>
              <input type="radio" name={`usage-${entry._id}`} value={kind} checked={mine === kind} onChange={() => mark(kind)} />
              <span className={`usage-swatch usage-swatch--${kind}`} aria-hidden="true" />
              {t(`usage.kinds.${kind}`)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="usage-control__footer">
        {mine && (
          <button type="button" className="button button--ghost button--small" onClick={() => mark(null)} disabled={setUsage.isPending}>
            {t('usage.takeBack')}
          </button>
        )}
        {setUsage.isPending && <Spinner size="sm" />}
        <p className="usage-control__status" role="status">
          {status}
        </p>
      </div>
    </div>
  );
}
