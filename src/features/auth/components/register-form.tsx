import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { isApiError } from '@/lib/api';
import { useRegister } from '../api/register';
import { malformedEmail, useFieldErrors, type FieldError } from '@/components/use-field-errors';

/** Spec §9: the minimum password length, in characters (Supabase Auth is configured the same way). */
export const MIN_PASSWORD_LENGTH = 8;
/** bcrypt's limit, which Auth enforces: bytes of UTF-8, so "ñ" counts 2 and an emoji 4. */
export const MAX_PASSWORD_BYTES = 72;

const FIELDS = ['name', 'email', 'password', 'confirmPassword'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
/** A mismatch is one error shown on both password fields: editing either clears both. */
const LINKED: Field[][] = [['password', 'confirmPassword']];

function validate(values: Values, form: HTMLFormElement): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (!values.name.trim()) errors.name = { key: 'auth.nameRequired' };
  if (!values.email.trim()) errors.email = { key: 'auth.emailRequired' };
  else if (malformedEmail(form)) errors.email = { key: 'apiErrors.email_invalid' };
  if (!values.password) errors.password = { key: 'auth.passwordRequired' };
  else if ([...values.password].length < MIN_PASSWORD_LENGTH) errors.password = { key: 'auth.passwordTooShort' };
  else if (new TextEncoder().encode(values.password).length > MAX_PASSWORD_BYTES) errors.password = { key: 'apiErrors.password_too_long' };
  if (!values.confirmPassword) errors.confirmPassword = { key: 'auth.confirmPasswordRequired' };
  if (values.password && values.confirmPassword && values.password !== values.confirmPassword) {
    errors.password = { key: 'auth.passwordsMismatch' };
    errors.confirmPassword = { key: 'auth.passwordsMismatch' };
  }
  return errors;
}

export function RegisterForm({ onRegistered }: { onRegistered: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const register = useRegister({
    onSuccess: () => {
      toast.success(t('auth.registered'));
      onRegistered();
    },
  });
  const [values, setValues] = useState<Values>({ name: '', email: '', password: '', confirmPassword: '' });
  const form = useFieldErrors<Field>(FIELDS, LINKED);
  // A project that confirms e-mails first (enable_confirmations): the account waits for the mailed link.
  const [confirmTo, setConfirmTo] = useState<string | null>(null);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validate(values, event.currentTarget), event.currentTarget)) return;
    register.mutate(
      { name: values.name.trim(), email: values.email.trim(), password: values.password, confirmPassword: values.confirmPassword },
      {
        onError: (error) => {
          if (isApiError(error) && error.code === 'email_not_confirmed') return setConfirmTo(values.email.trim());
          toast.error(t('auth.registrationFailed'));
          form.fromServer(error, 'auth.registrationFailed');
        },
      },
    );
  };

  const busy = register.isPending || register.isSuccess;
  const input = (field: Field, type: string, autoComplete: string) => (props: Record<string, unknown>) => (
    <input
      {...props}
      name={field}
      className="input"
      type={type}
      autoComplete={autoComplete}
      aria-required="true"
      value={values[field]}
      onChange={change(field)}
    />
  );

  if (confirmTo) {
    return (
      <p className="state-panel" role="status">
        {t('authNotices.checkInbox', { email: confirmTo })}
      </p>
    );
  }
  return (
    <form className="form auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormField label={t('auth.name')} error={form.message(form.errors.name)}>
        {input('name', 'text', 'name')}
      </FormField>
      <FormField label={t('auth.email')} error={form.message(form.errors.email)}>
        {input('email', 'email', 'email')}
      </FormField>
      <FormField label={t('auth.password')} note={t('auth.passwordNote', { count: MIN_PASSWORD_LENGTH })} error={form.message(form.errors.password)}>
        {input('password', 'password', 'new-password')}
      </FormField>
      <FormField label={t('auth.confirmPassword')} error={form.message(form.errors.confirmPassword)}>
        {input('confirmPassword', 'password', 'new-password')}
      </FormField>
      {form.general && (
        <p className="form__error" role="alert">
          {form.message(form.general)}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {register.isPending && <Spinner size="sm" />}
        {register.isPending ? t('auth.registering') : t('auth.registerSubmit')}
      </button>
    </form>
  );
}
