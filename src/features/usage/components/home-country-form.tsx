import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { useCountries } from '@/features/countries';
import { apiErrorText } from '@/i18n/api-errors';
import '../usage-strings';

/** Where the learner lives: their usage marks on that country count as a local's. */
export function HomeCountryForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const countries = useCountries();
  const updateUser = useUpdateUser();
  const saved = user.homeCountry ?? '';
  const [country, setCountry] = useState(saved);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (country === saved) return;
    updateUser.mutate(
      { homeCountry: country || null },
      {
        onSuccess: () => toast.success(t('account.updated')),
        onError: (error) => toast.error(apiErrorText(t, error, 'account.updateFailed')),
      },
    );
  };
  return (
    <form className="profile-form home-country-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <div className="field__head">
          <label className="field__label" htmlFor="home-country">
            {t('usage.homeCountry')}
          </label>
        </div>
        <select id="home-country" className="input select" value={country} aria-describedby="home-country-help" onChange={(event) => setCountry(event.target.value)}>
          <option value="">{t('usage.homeCountryNone')}</option>
          {countries.map(({ code, name }) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </select>
        <p id="home-country-help" className="field__note">
          {t('usage.homeCountryHelp')}
        </p>
      </div>
      <button type="submit" className="button button--primary" aria-label={t('usage.saveHomeCountry')} disabled={country === saved || updateUser.isPending}>
        {updateUser.isPending && <Spinner size="sm" />}
        {t('account.save')}
      </button>
    </form>
  );
}
