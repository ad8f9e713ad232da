import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { authErrorCode, signInState, useChangeEmail, type SignInState } from '../api/recovery';
import { malformedEmail } from '@/components/use-field-errors';
import type { AuthUser } from '../auth-context';
import { authResult } from '@/lib/supabase';
import enUSRecovery from '@/i18n/locales/en-US.recovery.json';
import enUSSignIn from '@/i18n/locales/en-US.signIn.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';
import { PasswordForm } from './password-form';

// Account › Sign-in's English strings (and the password ones it shares with recovery) come with the account page.
addEnglishPageStrings({ recovery: enUSRecovery, signIn: enUSSignIn });

const signInKey = ['auth', 'sign-in-state'] as const;

/** Once per page load: what an e-mail change link that led here said. */
let linkAnnounced = false;

/**
 * Account › Sign-in: the e-mail (changed only once the links Auth mails to the new and the
 * current address are both followed) and the password (password-form.tsx).
 */
export function SignInDetails({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const state = useQuery({ queryKey: signInKey, queryFn: signInState });
  useEffect(() => {
    if (linkAnnounced) return;
    linkAnnounced = true;
    if (authResult('type') === 'email_change') toast.success(t('signIn.emailChanged'));
    else if (authResult('message')) toast.success(t('signIn.emailHalfConfirmed'));
    else if (authResult('error_code') === 'over_request_rate_limit') toast.error(t('signIn.tooManyTries'));
    else if (authResult('error_code')) toast.error(t('signIn.linkExpired'));
  }, [t, toast]);
  return (
    <section className="card sign-in-card" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="section-title">
        {t('signIn.title')}
      </h2>
      {state.data?.pendingEmail && (
        <p className="sign-in-card__pending" role="status">
          {t('signIn.pending', { email: state.data.pendingEmail, current: user.email ?? '' })}
        </p>
      )}
      <EmailForm current={user.email ?? ''} />
      <PasswordForm email={user.email ?? ''} passwordless={state.data?.passwordless ?? false} />
    </section>
  );
}

function EmailForm({ current }: { current: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const queryClient = useQueryClient();
  const change = useChangeEmail();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const value = email.trim().toLowerCase();
    const found = !value ? t('auth.emailRequired') : malformedEmail(form, 'newEmail') ? t('apiErrors.email_invalid') : value === current.toLowerCase() ? t('signIn.sameEmail') : null;
    setError(found);
    if (found) return form.querySelector<HTMLElement>('[name="newEmail"]')?.focus();
    change.mutate(value, {
      onSuccess: (next) => {
        queryClient.setQueryData<SignInState>(signInKey, (known) => ({ passwordless: false, ...known, pendingEmail: next ?? value }));
        setEmail('');
        toast.success(t('signIn.emailChangeSent', { email: next ?? value, current }));
      },
      onError: (failure) => {
        const code = authErrorCode(failure);
        setError(t(code === 'email_exists' ? 'signIn.emailTaken' : code === 'over_email_send_rate_limit' ? 'recovery.tooSoon' : 'signIn.changeFailed'));
      },
    });
  };

  return (
    <form className="form sign-in-form" noValidate onSubmit={onSubmit} aria-busy={change.isPending}>
      <p className="muted">{t('signIn.currentEmail', { email: current })}</p>
      <FormField label={t('signIn.newEmail')} error={error ?? undefined}>
        {(props) => (
          <input
            {...props}
            name="newEmail"
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            value={email}
            onChange={(event) => {
              setEmail(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {change.isPending && <Spinner size="sm" />}
        {t('signIn.changeEmail')}
      </button>
    </form>
  );
}
