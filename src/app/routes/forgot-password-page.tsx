import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { authErrorCode, useRequestPasswordReset } from '@/features/auth/api/recovery';
import { AuthCard } from '@/features/auth/components/auth-card';
import { malformedEmail } from '@/components/use-field-errors';
import enUSRecovery from '@/i18n/locales/en-US.recovery.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

addEnglishPageStrings({ recovery: enUSRecovery });

/** /forgot-password — asks Auth to mail a link for choosing a new password. */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found = !email.trim() ? t('auth.emailRequired') : malformedEmail(form) ? t('apiErrors.email_invalid') : null;
    setError(found);
    if (found) return form.querySelector<HTMLElement>('[name="email"]')?.focus();
    request.mutate(email.trim(), {
      onSuccess: () => setSentTo(email.trim()),
      onError: (failure) => {
        const code = authErrorCode(failure);
        setError(t(code === 'over_email_send_rate_limit' ? 'recovery.tooSoon' : 'recovery.requestFailed'));
      },
    });
  };

  return (
    <AuthCard
      title={t('recovery.forgotTitle')}
      intro={t('recovery.forgotIntro')}
      switchText={t('recovery.remembered')}
      switchLabel={t('auth.logInLink')}
      switchTo="/login"
      returnPath="/"
    >
      {sentTo ? (
        <div className="state-panel" role="status">
          <p>{t('recovery.sent', { email: sentTo })}</p>
        </div>
      ) : (
        <form className="form auth-form" noValidate onSubmit={onSubmit} aria-busy={request.isPending}>
          <FormField label={t('auth.email')} error={error ?? undefined}>
            {(props) => (
              <input
                {...props}
                name="email"
                className="input"
                type="email"
                autoComplete="email"
                inputMode="email"
                aria-required="true"
                value={email}
                onChange={(event) => {
                  setEmail(event.target.value);
                  setError(null);
                }}
              />
            )}
          </FormField>
          <button type="submit" className="button button--primary button--block" disabled={request.isPending}>
            {request.isPending && <Spinner size="sm" />}
            {request.isPending ? t('recovery.sending') : t('recovery.sendLink')}
          </button>
        </form>
      )}
    </AuthCard>
  );
}
