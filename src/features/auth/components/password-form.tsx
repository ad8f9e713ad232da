import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { authErrorCode, useChangePassword, useSendReauthenticationCode } from '../api/recovery';
import { newPasswordErrors, PasswordInput } from '@/components/password-input';
import enUSRecovery from '@/i18n/locales/en-US.recovery.json';
import enUSSignIn from '@/i18n/locales/en-US.signIn.json';
import { addEnglishPageStrings } from '@/i18n/page-strings';

// Its English strings (and the password ones it shares with recovery) come with the form.
addEnglishPageStrings({ recovery: enUSRecovery, signIn: enUSSignIn });

const FIELDS = ['currentPassword', 'nonce', 'newPassword', 'confirmNewPassword'] as const;
type Field = (typeof FIELDS)[number];
const empty: Record<Field, string> = { currentPassword: '', nonce: '', newPassword: '', confirmNewPassword: '' };

/**
 * Account › Sign-in's password: changed only with the current one (other devices are signed
 * out). An account without one (made by Google sign-in) proves itself with a six-digit code
 * Auth mails instead: "Send me a code", then the code. Which proof is asked starts from what
 * Auth says of the account, and follows Auth's answer when that was wrong.
 */
export function PasswordForm({ email, passwordless }: { email: string; passwordless: boolean }) {
  const { t } = useTranslation();
  const toast = useToast();
  const change = useChangePassword();
  const sendCode = useSendReauthenticationCode();
  const [values, setValues] = useState(empty);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  // What Auth answered last about the proof, over what the account looked like.
  const [codeNeeded, setCodeNeeded] = useState<boolean | null>(null);
  const withCode = codeNeeded ?? passwordless;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const rules = newPasswordErrors(values.newPassword, values.confirmNewPassword, t);
    const nonce = values.nonce.trim();
    const found: Partial<Record<Field, string>> = {
      nonce: withCode && !/^\d{6}$/.test(nonce) ? t('signIn.codeRequired') : undefined,
      newPassword: rules.password,
      confirmNewPassword: rules.confirm,
    };
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    if (first) return event.currentTarget.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
    const proof = withCode ? { nonce } : { currentPassword: values.currentPassword || undefined };
    change.mutate(
      { password: values.newPassword, ...proof },
      {
        onSuccess: () => {
          setValues(empty);
          // It has a password now: the next change asks for it.
          setCodeNeeded(false);
          toast.success(t('signIn.passwordChanged'));
        },
        onError: (failure) => {
          const code = authErrorCode(failure);
          if (code === 'reauthentication_needed') {
            setCodeNeeded(true);
            setErrors({ nonce: t('signIn.codeNeeded') });
          } else if (code === 'current_password_mismatch') {
            setCodeNeeded(false);
            setErrors({ currentPassword: t('signIn.wrongCurrent') });
          } else if (code === 'reauthentication_not_valid') setErrors({ nonce: t('signIn.wrongCode') });
          else if (code === 'same_password') setErrors({ newPassword: t('recovery.samePassword') });
          else if (code === 'weak_password') setErrors({ newPassword: t('auth.passwordTooShort') });
          else if (code === 'over_request_rate_limit') setErrors({ [withCode ? 'nonce' : 'currentPassword']: t('signIn.tooManyTries') });
          else setErrors({ [withCode ? 'nonce' : 'currentPassword']: t('signIn.changeFailed') });
        },
      },
    );
  };

  const onSendCode = () =>
    sendCode.mutate(undefined, {
      onSuccess: () => {
        setErrors((current) => ({ ...current, nonce: undefined }));
        toast.success(t('signIn.codeSent', { email }));
      },
      onError: (failure) =>
        setErrors({ nonce: t(authErrorCode(failure) === 'over_email_send_rate_limit' ? 'recovery.tooSoon' : 'signIn.codeNotSent') }),
    });

  const update = (name: Field, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setErrors((current) => ({ ...current, [name]: undefined }));
  };
  const password = (name: Field, label: string, autoComplete: 'current-password' | 'new-password', note?: string) => (
    <PasswordInput name={name} label={label} note={note} autoComplete={autoComplete} value={values[name]} error={errors[name]} onChange={(value) => update(name, value)} />
  );

  return (
    <form className="form sign-in-form" noValidate onSubmit={onSubmit} aria-busy={change.isPending}>
      {withCode ? (
        <>
          <p className="muted">{t('signIn.codeIntro', { email })}</p>
          <button type="button" className="button button--secondary" onClick={onSendCode} disabled={sendCode.isPending}>
            {sendCode.isPending && <Spinner size="sm" />}
            {t('signIn.sendCode')}
          </button>
          <FormField label={t('signIn.code')} error={errors.nonce}>
            {(props) => (
              <input
                {...props}
                name="nonce"
                className="input"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                value={values.nonce}
                onChange={(event) => update('nonce', event.target.value)}
              />
            )}
          </FormField>
        </>
      ) : (
        password('currentPassword', t('signIn.currentPassword'), 'current-password', t('signIn.currentPasswordNote'))
      )}
      {password('newPassword', t('recovery.newPassword'), 'new-password')}
      {password('confirmNewPassword', t('auth.confirmPassword'), 'new-password')}
      <button type="submit" className="button button--secondary" disabled={change.isPending}>
        {change.isPending && <Spinner size="sm" />}
        {t(withCode ? 'signIn.setPassword' : 'signIn.changePassword')}
      </button>
    </form>
  );
}
