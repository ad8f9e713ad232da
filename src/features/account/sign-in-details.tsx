import { useEffect, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { authErrorCode, pendingEmail, useChangeEmail, useChangePassword } from '@/features/auth/api/recovery';
import { newPasswordErrors, PasswordInput } from '@/features/auth/components/password-input';
import { malformedEmail } from '@/features/auth/components/use-field-errors';
import type { User } from '@/features/auth/types';
import { authResult } from '@/lib/supabase';
import enUSRecovery from '@/i18n/locales/en-US.recovery.json';
import enUSSignIn from '@/i18n/locales/en-US.signIn.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// Account › Sign-in's English strings (and the password ones it shares with recovery) come with the account page.
addEnglishPageStrings({ recovery: enUSRecovery, signIn: enUSSignIn });

const pendingKey = ['auth', 'pending-email'] as const;

/** Once per page load: what an e-mail change link that led here said. */
let linkAnnounced = false;

/**
 * Account › Sign-in: the e-mail (changed only once the link Auth mails to the new address is
 * followed, and the one to the current address too where both must confirm) and the password
 * (changed only with the current one; other devices are signed out).
 */
export function SignInDetails({ user }: { user: User }) {
  const { t } = useTranslation();
  const toast = useToast();
  const pending = useQuery({ queryKey: pendingKey, queryFn: pendingEmail });
  useEffect(() => {
    if (linkAnnounced) return;
    linkAnnounced = true;
    if (authResult('type') === 'email_change') toast.success(t('signIn.emailChanged'));
    else if (authResult('message')) toast.success(t('signIn.emailHalfConfirmed'));
    else if (authResult('error_code')) toast.error(t('signIn.linkExpired'));
  }, [t, toast]);
  return (
    <section className="card sign-in-card" aria-labelledby="sign-in-title">
      <h2 id="sign-in-title" className="section-title">
        {t('signIn.title')}
      </h2>
      {pending.data && (
        <p className="sign-in-card__pending" role="status">
          {t('signIn.pending', { email: pending.data })}
        </p>
      )}
      <EmailForm current={user.email ?? ''} />
      <PasswordForm />
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
        queryClient.setQueryData(pendingKey, next ?? value);
        setEmail('');
        toast.success(t('signIn.emailChangeSent', { email: next ?? value }));
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

const PASSWORD_FIELDS = ['currentPassword', 'newPassword', 'confirmNewPassword'] as const;
type PasswordField = (typeof PASSWORD_FIELDS)[number];

function PasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const empty = { currentPassword: '', newPassword: '', confirmNewPassword: '' };
  const [values, setValues] = useState<Record<PasswordField, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<PasswordField, string>>>({});

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = newPasswordErrors(values.newPassword, values.confirmNewPassword, t);
    const found: Partial<Record<PasswordField, string>> = { newPassword: rules.password, confirmNewPassword: rules.confirm };
    setErrors(found);
    const first = PASSWORD_FIELDS.find((field) => found[field]);
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    change.mutate(
      { password: values.newPassword, currentPassword: values.currentPassword || undefined },
      {
        onSuccess: () => {
          setValues(empty);
          toast.success(t('signIn.passwordChanged'));
        },
        onError: (failure) => {
          const code = authErrorCode(failure);
          if (code === 'current_password_mismatch') setErrors({ currentPassword: t('signIn.wrongCurrent') });
          else if (code === 'same_password') setErrors({ newPassword: t('recovery.samePassword') });
          else if (code === 'weak_password') setErrors({ newPassword: t('auth.passwordTooShort') });
          else if (code === 'over_request_rate_limit') setErrors({ currentPassword: t('signIn.tooManyTries') });
          else setErrors({ currentPassword: t('signIn.changeFailed') });
        },
      },
    );
  };

  const field = (name: PasswordField, label: string, autoComplete: 'current-password' | 'new-password', note?: string) => (
    <PasswordInput
      name={name}
      label={label}
      note={note}
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
    />
  );

  return (
    <form className="form sign-in-form" noValidate onSubmit={onSubmit} aria-busy={change.isPending}>
      {field('currentPassword', t('signIn.currentPassword'), 'current-password', t('signIn.currentPasswordNote'))}
      {field('newPassword', t('recovery.newPassword'), 'new-password')}
      {field('confirmNewPassword', t('auth.confirmPassword'), 'new-password')}
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {change.isPending && <Spinner size="sm" />}
        {t('signIn.changePassword')}
      </button>
    </form>
  );
}
