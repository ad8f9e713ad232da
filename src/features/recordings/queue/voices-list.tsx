import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Spinner } from '@/components/popups';
import { CountryFlag, isCountryCode } from '@/features/countries';
import { useVoices } from '../api/get-voices';
import './voice-queue.css';
import '../voice-queue-strings';

/**
 * Per country (the server's order: the countries'), how many of its entries can be heard said
 * by someone from there, as words and a bar, with the way to its queue.
 */
export function VoicesList() {
  const { t } = useTranslation();
  const voices = useVoices();
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
      {voices.data.data.map(({ country, total, voiced }) => {
        const name = isCountryCode(country) ? t(`countries.${country}`) : country;
        return (
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
        );
      })}
    </ul>
  );
}
