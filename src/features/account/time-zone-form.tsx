import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { rememberChosenTimeZone, useUpdateUser, type AuthUser } from '@/features/auth';
import './account-strings';

/** Every zone the browser knows, with the learner's own even if it does not list it (UTC in some). */
function zonesWith(current: string): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    // An older browser: the learner's zone alone is still a valid choice.
  }
  return zones.includes(current) ? zones : [current, ...zones].sort();
}

/** The zone streak days are counted in; a zone picked here is kept over the browser's. */
export function TimeZoneForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const updateUser = useUpdateUser();
  const [zone, setZone] = useState(user.timeZone);
  const zones = useMemo(() => zonesWith(user.timeZone), [user.timeZone]);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (zone === user.timeZone) return;
    updateUser.mutate(
      { timeZone: zone },
      {
        onSuccess: (updated) => {
          rememberChosenTimeZone(updated._id, updated.timeZone);
          toast.success(t('account.updated'));
        },
        onError: () => toast.error(t('account.updateFailed')),
      },
    );
  };
  return (
    <form className="profile-form time-zone-form" noValidate onSubmit={onSubmit}>
      <div className="field">
        <div className="field__head">
          <label className="field__label" htmlFor="time-zone">
            {t('account.timeZone')}
          </label>
        </div>
        <select id="time-zone" className="input select" value={zone} aria-describedby="time-zone-help" onChange={(event) => setZone(event.target.value)}>
          {zones.map((name) => (
            <option key={name} value={name}>
              {name.replaceAll('_', ' ')}
            </option>
          ))}
        </select>
        <p id="time-zone-help" className="field__note time-zone-form__help">
          {t('account.timeZoneHelp')}
        </p>
      </div>
      <button type="submit" className="button button--primary" aria-label={t('account.saveTimeZone')} disabled={zone === user.timeZone || updateUser.isPending}>
        {updateUser.isPending && <Spinner size="sm" />}
        {t('account.save')}
      </button>
    </form>
  );
}
