import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogActions } from '@/components/dialog';
import { FormField, isTooLong } from '@/components/form-field';
import { useToast } from '@/components/toasts';
import { BAN_DURATIONS, banUntil, useBanUser, type BanDuration } from '../api/ban-user';
import { apiErrorText } from '@/i18n/api-errors';
import type { ListedUser } from '@/lib/api-types';

/** ban_user's limit on the reason. */
const REASON_MAX = 500;

/** A ban this far ahead is the "for good" one (the server's is a hundred years). */
const FOR_GOOD_AFTER_MS = 50 * 365 * 86_400_000;

/** The end of a running ban, or null; a ban "for good" reads as just "Banned". */
export function banState(user: Pick<ListedUser, 'bannedUntil'>, now = Date.now()): { until: Date; forGood: boolean } | null {
  const until = user.bannedUntil ? new Date(user.bannedUntil) : null;
  if (!until || Number.isNaN(until.getTime()) || until.getTime() <= now) return null;
  return { until, forGood: until.getTime() - now > FOR_GOOD_AFTER_MS };
}

/** Ban one account: an optional reason (for the audit log) and how long. */
export function BanDialog({ user, onClose }: { user: ListedUser; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const ban = useBanUser();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<BanDuration>(7);
  const [error, setError] = useState<string | undefined>();
  const tooLong = isTooLong(reason, REASON_MAX);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (tooLong) return setError(t('admin.ban.reasonTooLong'));
    setError(undefined);
    ban.mutate(
      { userId: user._id, banned: true, reason: reason.trim() || undefined, until: banUntil(days) },
      {
        onSuccess: (banned) => {
          const state = banState(banned);
          const date = state ? new Intl.DateTimeFormat(i18n.resolvedLanguage, { dateStyle: 'medium', timeStyle: 'short' }).format(state.until) : '';
          toast.success(state && !state.forGood ? t('admin.ban.doneUntil', { name: user.name, date }) : t('admin.ban.done', { name: user.name }));
          onClose();
        },
        onError: (failure) => setError(apiErrorText(t, failure, 'admin.ban.failed')),
      },
    );
  };

  return (
    <Dialog title={t('admin.ban.title', { name: user.name })} onClose={onClose}>
      <form className="ban-form" noValidate onSubmit={submit}>
        <p className="muted ban-form__intro">{t('admin.ban.intro')}</p>
        <FormField
          label={t('admin.ban.reason')}
          note={t('admin.ban.optional')}
          limit={{ value: reason, max: REASON_MAX, showFrom: 400 }}
          error={tooLong ? t('admin.ban.reasonTooLong') : undefined}
        >
          {(props) => (
            <textarea
              {...props}
              className="input textarea"
              rows={3}
              value={reason}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
          )}
        </FormField>
        <fieldset className="ban-form__durations">
          <legend className="field__label">{t('admin.ban.duration')}</legend>
          {BAN_DURATIONS.map((each) => (
            <label key={String(each)} className="ban-form__duration">
              <input type="radio" name="ban-duration" value={String(each)} checked={days === each} onChange={() => setDays(each)} />
              {each === null ? t('admin.ban.forGood') : t('admin.ban.days', { count: each })}
            </label>
          ))}
        </fieldset>
        {error && (
          <p className="form__error" role="alert">
            {error}
          </p>
        )}
        <DialogActions
          cancelLabel={t('admin.ban.cancel')}
          submitLabel={t('admin.ban.confirm')}
          onCancel={onClose}
          busy={ban.isPending}
          tone="danger-solid"
        />
      </form>
    </Dialog>
  );
}
