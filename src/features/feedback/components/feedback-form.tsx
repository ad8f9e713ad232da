import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, isTooLong } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { malformedEmail, useFieldErrors, type FieldError } from '@/components/use-field-errors';
import { FEEDBACK_MESSAGE_MAX_LENGTH, PERSON_NAME_MAX_LENGTH } from '@contract/limits';
import { useAddFeedback } from '../api/add-feedback';
import './feedback.css';

const FIELDS = ['name', 'email', 'message'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

function validate(values: Values, form: HTMLFormElement): Partial<Record<Field, FieldError>> {
  const errors: Partial<Record<Field, FieldError>> = {};
  if (!values.name.trim()) errors.name = { key: 'feedback.nameRequired' };
  else if (isTooLong(values.name, PERSON_NAME_MAX_LENGTH)) errors.name = { key: 'apiErrors.name_too_long' };
  if (!values.email.trim()) errors.email = { key: 'feedback.emailRequired' };
  else if (malformedEmail(form)) errors.email = { key: 'apiErrors.email_invalid' };
  if (!values.message.trim()) errors.message = { key: 'feedback.messageRequired' };
  else if (isTooLong(values.message, FEEDBACK_MESSAGE_MAX_LENGTH)) errors.message = { key: 'apiErrors.message_too_long' };
  return errors;
}

export function FeedbackForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { user } = useAuth();
  const sendFeedback = useAddFeedback();
  const [values, setValues] = useState<Values>({ name: user?.name ?? '', email: user?.email ?? '', message: '' });
  const form = useFieldErrors<Field>(FIELDS);

  // The session may arrive after the form: fill in the signed-in user's name and e-mail
  // then, without overwriting what was already typed.
  const [prefilledFor, setPrefilledFor] = useState(user?._id ?? null);
  if (user && user._id !== prefilledFor) {
    setPrefilledFor(user._id);
    setValues((current) => ({ ...current, name: current.name || user.name, email: current.email || (user.email ?? '') }));
  }

  const change = (field: Field) => (event: { target: { value: string } }) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    form.clear(field);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!form.check(validate(values, event.currentTarget), event.currentTarget)) return;
    sendFeedback.mutate(
      { name: values.name.trim(), email: values.email.trim(), message: values.message.trim() },
      {
        onSuccess: () => {
          toast.success(t('feedback.sent'));
          navigate('/');
        },
        onError: (error) => {
          toast.error(t('feedback.failed'));
          form.fromServer(error, 'feedback.failed');
        },
      },
    );
  };

  const busy = sendFeedback.isPending || sendFeedback.isSuccess;
  const controlProps = (field: Field) => ({
    name: field,
    className: 'input',
    'aria-required': true,
    value: values[field],
    onChange: change(field),
  });

  return (
    <form className="form card feedback-form" aria-label={t('feedback.banner')} noValidate onSubmit={onSubmit} aria-busy={busy}>
      <div className="form__row">
        <FormField
          label={t('feedback.name')}
          error={form.message(form.errors.name)}
          limit={{ value: values.name, max: PERSON_NAME_MAX_LENGTH, showFrom: Math.floor(PERSON_NAME_MAX_LENGTH * 0.8) }}
        >
          {(props) => <input {...props} {...controlProps('name')} type="text" autoComplete="name" />}
        </FormField>
        <FormField label={t('feedback.email')} error={form.message(form.errors.email)}>
          {(props) => <input {...props} {...controlProps('email')} type="email" autoComplete="email" />}
        </FormField>
      </div>
      <FormField
        label={t('feedback.message')}
        error={form.message(form.errors.message)}
        limit={{ value: values.message, max: FEEDBACK_MESSAGE_MAX_LENGTH }}
      >
        {(props) => <textarea {...props} {...controlProps('message')} className="input textarea feedback-form__message" rows={7} />}
      </FormField>
      {form.general && (
        <p className="form__error" role="alert">
          {form.message(form.general)}
        </p>
      )}
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={busy}>
          {sendFeedback.isPending && <Spinner size="sm" />}
          {t('feedback.submit')}
        </button>
      </div>
    </form>
  );
}
