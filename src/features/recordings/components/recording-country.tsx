import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CountryFlag, useCountries, useCountryName } from '@/features/countries';
import { SPEAKER_COUNTRY_FIELD } from '../speaker-country-field';
import '../entry-voice-strings';
import '../recording-strings';

const accountField = `/account#${SPEAKER_COUNTRY_FIELD}`;

interface RecordingCountryProps {
  /** Where the learner's Spanish is from, when they said (Account page): it labels the take, no choice. */
  speakerCountry: string | undefined;
  /** The chosen country when they have not said. */
  country: string;
  disabled: boolean;
  onChange: (country: string) => void;
}

/**
 * Where the take is said. A learner who said where their Spanish is from records as a speaker
 * from there (the server labels it so whatever is sent); anyone else chooses, and is told
 * where to say it once for all.
 */
export function RecordingCountry({ speakerCountry, country, disabled, onChange }: RecordingCountryProps) {
  const { t } = useTranslation();
  const speakerName = useCountryName(speakerCountry ?? '');
  if (speakerCountry) {
    return (
      <p className="recorder__speaker">
        <CountryFlag code={speakerCountry} size="sm" />
        <span>
          {t('entryVoice.recordingAs', { country: speakerName })} <Link to={accountField}>{t('entryVoice.changeSpeakerCountry')}</Link>
        </span>
      </p>
    );
  }
  return <CountryChoice country={country} disabled={disabled} onChange={onChange} />;
}

/** The country select, as before speakers said where they are from, with a hint to say it. */
function CountryChoice({ country, disabled, onChange }: Omit<RecordingCountryProps, 'speakerCountry'>) {
  const { t } = useTranslation();
  const countries = useCountries();
  const countryId = useId();
  return (
    <div className="field recorder__country">
      <label className="field__label" htmlFor={countryId}>
        {t('recordings.country')}
      </label>
      <select
        id={countryId}
        className="input select"
        value={country}
        disabled={disabled}
        aria-describedby={`${countryId}-help`}
        onChange={(event) => onChange(event.target.value)}
      >
        {countries.map(({ code, name }) => (
          <option key={code} value={code}>
            {name}
          </option>
        ))}
      </select>
      <p id={`${countryId}-help`} className="field__note">
        {t('recordings.countryHelp')} <Link to={accountField}>{t('entryVoice.setSpeakerCountry')}</Link>
      </p>
    </div>
  );
}
