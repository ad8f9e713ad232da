import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { DEFAULT_REMINDERS, spokenTime } from '../reminder-time';
import '../reminder-strings';
import '../reminders.css';

/** Whether the end of a session offers this learner the e-mail reminder: off, and never offered. */
export const offersReminder = (user: AuthUser) => user.reminders?.email === false && user.reminderOffered === false;

/**
 * The end of a review session offers the daily e-mail reminder once, at the learner's own
 * time: Yes turns it on (with Undo), No thanks closes it. The profile notes the offer as it
 * shows, so it is not made again on any device, whatever the answer.
 */
export function ReminderOffer({ user }: { user: AuthUser }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const { mutate: noteOffer } = useUpdateUser();
  const { mutate, isPending } = useUpdateUser();
  const titleId = useId();
  // Decided as the session ends: the profile's reply to noting the offer must not hide it.
  const [offered] = useState(() => offersReminder(user));
  const [open, setOpen] = useState(true);
  useEffect(() => {
    if (offered) noteOffer({ reminderOffered: true });
  }, [offered, noteOffer]);
  if (!offered || !open) return null;

  const time = spokenTime((user.reminders ?? DEFAULT_REMINDERS).time, i18n.resolvedLanguage);
  const accept = () =>
    mutate(
      { reminders: { email: true }, reminderOffered: true },
      {
        onSuccess: () => {
          setOpen(false);
          toast.success(t('reminderSettings.offerOn', { time }), {
            action: {
              label: t('reminderSettings.undo'),
              onClick: () =>
                mutate({ reminders: { email: false } }, { onSuccess: () => toast.info(t('reminderSettings.offerOff')), onError: () => toast.error(t('reminderSettings.saveFailed')) }),
            },
          });
        },
        onError: () => toast.error(t('reminderSettings.saveFailed')),
      },
    );
  return (
    <section className="card reminder-offer" aria-labelledby={titleId}>
      <h2 id={titleId} className="reminder-offer__title">
        {t('reminderSettings.offerTitle', { time })}
      </h2>
      <p className="muted">{t('reminderSettings.offerText')}</p>
      <div className="reminder-offer__actions">
        <button type="button" className="button button--primary" disabled={isPending} onClick={accept}>
          {isPending && <Spinner size="sm" />}
          {t('reminderSettings.offerYes')}
        </button>
        <button type="button" className="button button--secondary" disabled={isPending} onClick={() => setOpen(false)}>
          {t('reminderSettings.offerNo')}
        </button>
      </div>
    </section>
  );
}
