import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isCountryCode, useCountries, useCountryName } from '@/features/countries';
import { QueueBody } from './queue-body';
import { UploadList } from './upload-list';
import { useTakeUploads } from './use-take-uploads';
import './voice-queue.css';
import '../recording-strings';
import '../voice-queue-strings';

interface Speaker {
  _id: string;
  speakerCountry?: string;
  homeCountry?: string;
}

/** The country the queue opens on: the address's, else where the speaker's Spanish is from, else where they live. */
export function queueCountry(asked: string | null, speaker: Pick<Speaker, 'speakerCountry' | 'homeCountry'>): string | null {
  const upper = asked?.toUpperCase() ?? '';
  if (isCountryCode(upper)) return upper;
  return speaker.speakerCountry ?? speaker.homeCountry ?? null;
}

/** Why a speaker from elsewhere is told their takes will not count for this country. */
function OtherCountryNote({ speaker, country }: { speaker: string; country: string }) {
  const { t } = useTranslation();
  const speakerName = useCountryName(speaker);
  const countryName = useCountryName(country);
  return (
    <p className="queue__note">
      {t('voiceQueue.otherCountry', { speaker: speakerName, country: countryName })} <Link to="/account">{t('nav.account')}</Link>
    </p>
  );
}

/**
 * /record: a country's entries that still need a voice, said one after another. The country
 * is chosen here (and kept in the address); the takes are sent in the background and listed
 * with their state.
 */
export function RecordQueue({ speaker, country, onCountry }: { speaker: Speaker; country: string | null; onCountry: (country: string) => void }) {
  const { t } = useTranslation();
  const countries = useCountries();
  const selectId = useId();
  const uploads = useTakeUploads({ userId: speaker._id });

  return (
    <>
      <div className="field queue__country">
        <label className="field__label" htmlFor={selectId}>
          {t('voiceQueue.country')}
        </label>
        <select id={selectId} className="input select" value={country ?? ''} onChange={(event) => onCountry(event.target.value)}>
          {!country && (
            <option value="" disabled>
              {t('voiceQueue.chooseCountry')}
            </option>
          )}
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {country && speaker.speakerCountry && speaker.speakerCountry !== country && <OtherCountryNote speaker={speaker.speakerCountry} country={country} />}
      {country ? (
        <QueueBody key={country} country={country} onKeep={(entry, take) => uploads.keep(entry, country, take)} />
      ) : (
        <p className="queue__state">{t('voiceQueue.choosePrompt')}</p>
      )}
      <UploadList uploads={uploads.uploads} onRetry={uploads.retry} onDiscard={uploads.discard} />
    </>
  );
}
