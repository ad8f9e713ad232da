import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FormField, isTooLong } from '@/components/form-field';
import { Spinner } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useUpdateUser, type AuthUser } from '@/features/auth';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import { isApiError } from '@/lib/api';
import { PERSON_NAME_MAX_LENGTH } from '@contract/limits';
import './account-strings';

/** Max length of a display name (the profiles table allows 100). */

/** Changes the display name the greeting and new entries use. */
export function ProfileForm({ user }: { user: AuthUser }) {
  const { t } = useTranslation();
  const toast = useToast();
  const updateUser = useUpdateUser();
  const [name, setName] = useState(user.name);
  const [error, setError] = useState<FieldError | null>(null);
  const changed = name.trim() !== user.name;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid: FieldError | null = !name.trim() ? { key: 'auth.nameRequired' } : isTooLong(name, PERSON_NAME_MAX_LENGTH) ? { key: 'apiErrors.name_too_long' } : null;
    if (invalid) {
      setError(invalid);
      event.currentTarget.querySelector<HTMLElement>('[name="name"]')?.focus();
      return;
    }
    if (!changed) return;
    updateUser.mutate(
      { name: name.trim() },
      {
        onSuccess: (updated) => {
          setName(updated.name);
          toast.success(t('account.updated'));
        },
        onError: (failure) => {
          toast.error(t('account.updateFailed'));
          // A reply without a user is the spec's "Update failed" (a plain Error, not an ApiError).
          setError(
            serverFieldErrors(failure, ['name'] as const).name ??
              (isApiError(failure) ? generalFailure(failure, 'account.updateFailed') : { key: 'auth.updateFailed' }),
          );
        },
      },
    );
  };

  return (
    <form className="profile-form" noValidate onSubmit={onSubmit}>
      <FormField
        label={t('account.displayName')}
        error={error ? fieldErrorMessage(t, error) : undefined}
        limit={{ value: name, max: PERSON_NAME_MAX_LENGTH, showFrom: Math.floor(PERSON_NAME_MAX_LENGTH * 0.8) }}
      >
        {(props) => (
          <input
            {...props}
            name="name"
            className="input"
            type="text"
            autoComplete="name"
            aria-required="true"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setError(null);
            }}
          />
        )}
      </FormField>
      <button type="submit" className="button button--primary" disabled={!changed || updateUser.isPending}>
        {updateUser.isPending && <Spinner size="sm" />}
        {t('account.save')}
      </button>
    </form>
  );
}
