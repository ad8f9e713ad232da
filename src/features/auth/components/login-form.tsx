import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useLogIn } from '../api/log-in';
import { malformedEmail, useFieldErrors, type FieldError } from '@/components/use-field-errors';

const FIELDS = ['email', 'password'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function validate(values: Values, form: HTMLFormElement): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (!values.email.trim()) errors.email = { key: 'auth.emailRequired' };
  else if (malformedEmail(form)) errors.email = { key: 'apiErrors.email_invalid' };
  if (!values.password) errors.password = { key: 'auth.passwordRequired' };
  return errors;
}

/** Email and password; field errors under the fields, the server's answer as a general line. */
export function LoginForm({ onLoggedIn }: { onLoggedIn: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const logIn = useLogIn({
    onSuccess: () => {
      toast.success(t('auth.loggedIn'));
      onLoggedIn();
    },
  });
  const [values, setValues] = useState<Values>({ email: '', password: '' });
  const form = useFieldErrors<Field>(FIELDS);

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validate(values, event.currentTarget), event.currentTarget)) return;
    logIn.mutate(
      { email: values.email.trim(), password: values.password },
      {
        onError: (error) => {
          toast.error(t('auth.loginFailed'));
          form.fromServer(error, 'auth.loginFailed');
        },
      },
    );
  };

  const busy = logIn.isPending || logIn.isSuccess;
  return (
    <form className="form auth-form" noValidate onSubmit={onSubmit} aria-busy={busy}>
      <FormField label={t('auth.email')} error={form.message(form.errors.email)}>
        {(props) => (
          <input
            {...props}
            name="email"
            className="input"
            type="email"
            autoComplete="email"
            inputMode="email"
            aria-required="true"
            value={values.email}
            onChange={change('email')}
          />
        )}
      </FormField>
      <FormField label={t('auth.password')} error={form.message(form.errors.password)}>
        {(props) => (
          <input
            {...props}
            name="password"
            className="input"
            type="password"
            autoComplete="current-password"
            aria-required="true"
            value={values.password}
            onChange={change('password')}
          />
        )}
      </FormField>
      {form.general && (
        <p className="form__error" role="alert">
          {form.message(form.general)}
        </p>
      )}
      <button type="submit" className="button button--primary button--block" disabled={busy}>
        {logIn.isPending && <Spinner size="sm" />}
        {logIn.isPending ? t('auth.loggingIn') : t('auth.logInSubmit')}
      </button>
    </form>
  );
}
