import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { PageLoading } from '@/app/layout/root-layout';
import { authErrorCode, useChangePassword } from '@/features/auth/api/recovery';
import { AuthCard } from '@/features/auth/components/auth-card';
import { newPasswordErrors, PasswordInput } from '@/components/password-input';
import { authResult, loadAuth } from '@/lib/supabase';
import enUSRecovery from '@/i18n/locales/en-US.recovery.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

addEnglishPageStrings({ recovery: enUSRecovery });

const FIELDS = ['password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];

/**
 * /reset-password — where the recovery mail's link lands: with the recovery session Auth
 * opened (supabase-js's PASSWORD_RECOVERY), the learner chooses a new password; an expired
 * or used link says so and offers a new one.
 */
export function ResetPasswordPage() {
  // Too many checks from this network: Auth did not look at the link, which still works later.
  const refusal = authResult('error_code');
  const [state, setState] = useState<'checking' | 'ready' | 'expired' | 'limited'>(
    refusal === 'over_request_rate_limit' ? 'limited' : refusal ? 'expired' : 'checking',
  );
  useEffect(() => {
    if (state !== 'checking') return;
    let active = true;
    loadAuth()
      .then((auth) => auth.getSession())
      .then(({ data }) => active && setState(data.session ? 'ready' : 'expired'))
      .catch(() => active && setState('expired'));
    return () => {
      active = false;
    };
  }, [state]);
  if (state === 'checking') return <PageLoading />;
  if (state === 'limited') return <LinkNotCheckedYet />;
  return state === 'ready' ? <NewPasswordForm /> : <ExpiredLink />;
}

function LinkNotCheckedYet() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('recovery.limitedTitle')} intro={t('recovery.limitedIntro')} switchText={t('recovery.remembered')} switchLabel={t('auth.logInLink')} switchTo="/login" returnPath="/">
      <p className="muted">{t('recovery.limitedHint')}</p>
    </AuthCard>
  );
}

function ExpiredLink() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('recovery.expiredTitle')} intro={t('recovery.expiredIntro')} switchText={t('recovery.remembered')} switchLabel={t('auth.logInLink')} switchTo="/login" returnPath="/">
      <Link className="button button--primary button--block" to="/forgot-password">
        {t('recovery.sendNewLink')}
      </Link>
    </AuthCard>
  );
}

function NewPasswordForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ password: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [general, setGeneral] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = newPasswordErrors(values.password, values.confirmPassword, t);
    const found: Partial<Record<Field, string>> = { password: rules.password, confirmPassword: rules.confirm };
    setErrors(found);
    setGeneral(null);
    const first = FIELDS.find((field) => found[field]);
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    change.mutate(
      { password: values.password },
      {
        onSuccess: () => {
          toast.success(t('recovery.passwordChanged'));
          navigate('/', { replace: true });
        },
        onError: (failure) => {
          const code = authErrorCode(failure);
          if (code === 'same_password') setErrors({ password: t('recovery.samePassword') });
          else if (code === 'weak_password') setErrors({ password: t('auth.passwordTooShort') });
          else setGeneral(t('recovery.changeFailed'));
        },
      },
    );
  };

  const field = (name: Field, label: string) => (
    <PasswordInput
      name={name}
      label={label}
      autoComplete="new-password"
      value={values[name]}
      error={errors[name]}
      onChange={(value) => {
        setValues((current) => ({ ...current, [name]: value }));
        setErrors((current) => ({ ...current, [name]: undefined }));
      }}
    />
  );

  return (
    <AuthCard title={t('recovery.chooseTitle')} intro={t('recovery.chooseIntro')} switchText={t('recovery.remembered')} switchLabel={t('auth.logInLink')} switchTo="/login" returnPath="/">
      <form className="form auth-form" noValidate onSubmit={onSubmit} aria-busy={change.isPending}>
        {field('password', t('recovery.newPassword'))}
        {field('confirmPassword', t('auth.confirmPassword'))}
        {general && (
          <p className="form__error" role="alert">
            {general}
          </p>
        )}
        <button type="submit" className="button button--primary button--block" disabled={change.isPending}>
          {change.isPending && <Spinner size="sm" />}
          {change.isPending ? t('recovery.saving') : t('recovery.savePassword')}
        </button>
      </form>
    </AuthCard>
  );
}
