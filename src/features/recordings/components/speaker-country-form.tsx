import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { useCountries } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import { SPEAKER_COUNTRY_FIELD } from '../speaker-country-field';
import '../entry-voice-strings';


/** Where the learner's Spanish is from (one of the 21, or unsaid): their recordings are labelled with it. */
export function SpeakerCountryForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const countries = useCountries();
  const updateUser = useUpdateUser();
  const saved = user.speakerCountry ?? '';
  const [country, setCountry] = useState(saved);
  const select = useRef<HTMLSelectElement>(null);
  const { hash } = useLocation();
  // Arrived from the recorder's "Change it": this field, not the top of the page.
  useEffect(() => {
    if (hash !== `#${SPEAKER_COUNTRY_FIELD}`) return;
    select.current?.scrollIntoView?.({ block: 'center' });
    select.current?.focus({ preventScroll: true });
  }, [hash]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (country === saved || updateUser.isPending) return;
    updateUser.mutate(
      { speakerCountry: country || null },
      {
        onSuccess: () => toast.success(country ? t('entryVoice.saved') : t('entryVoice.cleared')),
        onError: (error) => toast.error(apiErrorText(t, error, 'entryVoice.saveFailed')),
      },
    );
  };
  return (
    <form className="profile-form speaker-country-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <div className="field__head">
          <label className="field__label" htmlFor={SPEAKER_COUNTRY_FIELD}>
            {t('entryVoice.speakerCountry')}
          </label>
        </div>
        <select
          ref={select}
          id={SPEAKER_COUNTRY_FIELD}
          className="input select"
          value={country}
          aria-describedby={`${SPEAKER_COUNTRY_FIELD}-help`}
          onChange={(event) => setCountry(event.target.value)}
        >
          <option value="">{t('entryVoice.speakerCountryNone')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <p id={`${SPEAKER_COUNTRY_FIELD}-help`} className="field__note">
          {t('entryVoice.speakerCountryHelp')}
        </p>
      </div>
      <button type="submit" className="button button--primary" aria-label={t('entryVoice.saveSpeakerCountry')} disabled={country === saved || updateUser.isPending}>
        {updateUser.isPending && <Spinner size="sm" />}
        {t('entryVoice.save')}
      </button>
    </form>
  );
}
