import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import { DEFAULT_REMINDERS, REMINDER_TIME } from '../reminder-time';
import '../reminder-strings';
import '../reminders.css';

interface ReminderSettingsProps {
  user: AuthUser;
  /** The Web Push switch, built with push (PushReminderSwitch); the page hands it in. */
  pushSwitch?: ReactNode;
}

/**
 * Account › Reminders: the daily e-mail on or off and its local time (in the profile's time
 * zone, shown), saved together; what the reminder holds and when it is not sent.
 */
export function ReminderSettings({ user, pushSwitch }: ReminderSettingsProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const updateUser = useUpdateUser();
  const id = useId();
  const saved = user.reminders ?? DEFAULT_REMINDERS;
  const [email, setEmail] = useState(saved.email);
  const [time, setTime] = useState(saved.time);
  const [timeError, setTimeError] = useState<FieldError>();
  const [failure, setFailure] = useState<FieldError>();
  const changed = email !== saved.email || time !== saved.time;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(undefined);
    if (!REMINDER_TIME.test(time)) {
      setTimeError({ key: 'apiErrors.reminder_time_invalid' });
      event.currentTarget.querySelector<HTMLElement>('[name="reminder-time"]')?.focus();
      return;
    }
    if (!changed) return;
    updateUser.mutate(
      { reminders: { email, time } },
      {
        onSuccess: () => toast.success(t('reminderSettings.saved')),
        onError: (error) => {
          toast.error(t('reminderSettings.saveFailed'));
          const fields = serverFieldErrors(error, ['reminders.time']);
          if (fields['reminders.time']) setTimeError(fields['reminders.time']);
          else setFailure(generalFailure(error, 'reminderSettings.saveFailed'));
        },
      },
    );
  };

  const timeErrorId = `${id}-time-error`;
  return (
    <form className="reminder-settings" noValidate onSubmit={onSubmit}>
      <p className="muted">{t('reminderSettings.intro')}</p>
      <label className="reminder-settings__switch">
        <input type="checkbox" role="switch" name="reminder-email" checked={email} onChange={(event) => setEmail(event.target.checked)} />
        {t('reminderSettings.email')}
      </label>
      {/* Web Push: the lead mounts PushReminderSwitch here (AccountPage passes it as pushSwitch). */}
      {pushSwitch}
      <div className="field reminder-settings__time">
        <label className="field__label" htmlFor={`${id}-time`}>
          {t('reminderSettings.time')}
        </label>
        <input
          id={`${id}-time`}
          name="reminder-time"
          className="input reminder-settings__time-input"
          type="time"
          step={60}
          required
          value={time}
          aria-invalid={timeError ? true : undefined}
          aria-describedby={`${id}-zone${timeError ? ` ${timeErrorId}` : ''}`}
          onChange={(event) => {
            setTime(event.target.value);
            setTimeError(undefined);
          }}
        />
        <p id={`${id}-zone`} className="field__note">
          {t('reminderSettings.timeZone', { zone: user.timeZone.replaceAll('_', ' ') })}
        </p>
        {timeError && (
          <p id={timeErrorId} className="field__error" role="alert">
            {fieldErrorMessage(t, timeError)}
          </p>
        )}
      </div>
      <p className="muted reminder-settings__about">
        {t('reminderSettings.contents')} {t('reminderSettings.never')}
      </p>
      {failure && (
        <p className="form__error" role="alert">
          {fieldErrorMessage(t, failure)}
        </p>
      )}
      <div>
        <button type="submit" className="button button--primary" disabled={!changed || updateUser.isPending}>
          {updateUser.isPending && <Spinner size="sm" />}
          {t('reminderSettings.save')}
        </button>
      </div>
    </form>
  );
}
