import { useTranslation } from 'react-i18next';
import type { AuthUser } from '@/features/auth';
import { usePushReminders } from './use-push-reminders';
import './push-strings';

/**
 * Reminders by Web Push on this device, as a switch: shown only where the browser can do push
 * and the deployment has VAPID keys. Turning it on asks for notification permission (on the
 * click, never before); a blocked permission is explained instead.
 */
export function PushReminderSwitch({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const push = usePushReminders(user);
  if (push.status === 'hidden') return null;
  const on = push.status === 'on';
  const note = push.status === 'denied' ? t('push.denied') : on ? t('push.onNote') : push.onElsewhere ? t('push.onElsewhere') : t('push.offNote');
  return (
    <div className="field push-reminder-switch">
      <label>
        <input
          type="checkbox"
          role="switch"
          checked={on}
          aria-describedby="push-reminder-note"
          disabled={push.busy || push.status === 'checking' || push.status === 'denied'}
          onChange={(event) => (event.target.checked ? push.turnOn() : push.turnOff())}
        />{' '}
        {t('push.switch')}
      </label>
      <p id="push-reminder-note" className="field__note">
        {note}
      </p>
      {push.failure && push.failure !== 'denied' && (
        <p className="field__error" role="alert">
          {t(`push.${push.failure}`)}
        </p>
      )}
    </div>
  );
}
