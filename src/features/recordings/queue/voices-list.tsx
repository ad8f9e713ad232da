import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/popups';
import { CountryFlag, isCountryCode } from '@/features/countries';
import { useVoices } from '../api/get-voices';
import './voice-queue.css';
import '../voice-queue-strings';

/**
 * Per country (by name, as the reader's language sorts them), how many of its entries can be heard said
 * by someone from there, as words and a bar, with the way to its queue.
 */
export function VoicesList() {
  const { t, i18n } = useTranslation();
  const voices = useVoices();
  const rows = useMemo(() => {
    const collator = new Intl.Collator(i18n.resolvedLanguage ?? 'en-US');
    const named = (voices.data?.data ?? []).map((row) => ({ ...row, name: isCountryCode(row.country) ? t(`countries.${row.country}`) : row.country }));
    return named.sort((a, b) => collator.compare(a.name, b.name));
  }, [voices.data, t, i18n.resolvedLanguage]);
  if (voices.isPending) {
    return (
      <p className="queue__state" role="status">
        <Spinner size="sm" /> {t('voiceQueue.voicesLoading')}
      </p>
    );
  }
  if (voices.isError) {
    return (
      <div className="queue__state" role="alert">
        <p>{t('voiceQueue.voicesLoadFailed')}</p>
        <button type="button" className="button button--small" onClick={() => void voices.refetch()}>
          {t('voiceQueue.retry')}
        </button>
      </div>
    );
  }
  return (
    <ul className="voices__list">
      {rows.map(({ country, name, total, voiced }) => (
          <li key={country} className="voices__row">
            <span className="voices__country">
              <CountryFlag code={country} size="sm" />
              {name}
            </span>
            <span className="voices__bar" role="img" aria-label={t('voiceQueue.voicedLabel', { country: name, voiced, total })}>
              <span className="voices__bar-fill" style={{ transform: `scaleX(${total > 0 ? (voiced / total).toFixed(3) : 0})` }} />
            </span>
            <span className="voices__count">
              {t('voiceQueue.voiced', { voiced, total })} · <Link to={`/record?country=${country}`}>{t('voiceQueue.recordCountry', { country: name })}</Link>
            </span>
          </li>
      ))}
    </ul>
  );
}
