import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormField, isTooLong } from '@/components/form-field';
import { UploadingPopup } from '@/components/popups';
import { useToast } from '@/components/toasts';
import { useAuth } from '@/features/auth';
import { fieldErrorMessage, generalFailure, serverFieldErrors, type FieldError } from '@/i18n/api-errors';
import { TAG_NAME_MAX_LENGTH } from '@contract/limits';
import { useAddTag } from '../api/add-tag';
import '../tag-strings';

/** What is wrong with a new tag's name, if anything. */
export function tagNameError(name: string): FieldError | null {
  if (!name.trim()) return { key: 'tags.nameRequired' };
  if (isTooLong(name, TAG_NAME_MAX_LENGTH)) return { key: 'apiErrors.tag_name_too_long' };
  return null;
}

/** What is wrong with a tag's (optional) Spanish name, if anything. */
export function tagNameEsError(nameEs: string): FieldError | null {
  return isTooLong(nameEs, TAG_NAME_MAX_LENGTH) ? { key: 'apiErrors.tag_name_es_too_long' } : null;
}

export function AddTagForm() {
  const { t } = useTranslation();
  const toast = useToast();
  const navigate = useNavigate();
  const { isLoggedIn } = useAuth();
  const addTag = useAddTag();
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<FieldError | null>(null);
  const [nameEs, setNameEs] = useState('');
  const [nameEsError, setNameEsError] = useState<FieldError | null>(null);
  const [failure, setFailure] = useState<FieldError | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const found = tagNameError(name);
    const foundEs = tagNameEsError(nameEs);
    setNameError(found);
    setNameEsError(foundEs);
    if (found || foundEs) event.currentTarget.querySelector<HTMLElement>(`[name="${found ? 'name' : 'nameEs'}"]`)?.focus();
    if (!isLoggedIn) toast.info(t('tags.loginToAdd'));
    if (found || foundEs || !isLoggedIn) return;
    addTag.mutate({ name: name.trim(), nameEs: nameEs.trim() || undefined }, {
      onSuccess: () => {
        navigate('/');
        toast.success(t('tags.added'));
      },
      onError: (error) => {
        // A code about a name (too long, taken) goes under its field; anything else under the form.
        const onField = serverFieldErrors(error, ['name', 'nameEs'] as const);
        setNameError(onField.name ?? null);
        setNameEsError(onField.nameEs ?? null);
        setFailure(onField.name || onField.nameEs ? null : generalFailure(error, 'tags.failed'));
      },
    });
  };

  return (
    <form className="form card" noValidate onSubmit={onSubmit}>
      <FormField label={t('tags.name')} error={nameError ? fieldErrorMessage(t, nameError) : undefined} limit={{ value: name, max: TAG_NAME_MAX_LENGTH }}>
        {(props) => (
          <input
            {...props}
            name="name"
            className="input"
            type="text"
            aria-required="true"
            autoComplete="off"
            value={name}
            onChange={(event) => {
              setName(event.target.value);
              setNameError(null);
              setFailure(null);
            }}
          />
        )}
      </FormField>
      <FormField
        label={t('tags.nameEs')}
        note={t('tags.optional')}
        error={nameEsError ? fieldErrorMessage(t, nameEsError) : undefined}
        limit={{ value: nameEs, max: TAG_NAME_MAX_LENGTH, showFrom: Math.floor(TAG_NAME_MAX_LENGTH * 0.8) }}
      >
        {(props) => (
          <input
            {...props}
            name="nameEs"
            className="input"
            type="text"
            lang="es"
            autoComplete="off"
            value={nameEs}
            onChange={(event) => {
              setNameEs(event.target.value);
              setNameEsError(null);
              setFailure(null);
            }}
          />
        )}
      </FormField>
      <div className="form__actions">
        <button type="submit" className="button button--primary" disabled={addTag.isPending}>
          {t('tags.submit')}
        </button>
      </div>
      {failure && (
        <p className="form__error" role="alert">
          {fieldErrorMessage(t, failure)}
        </p>
      )}
      <UploadingPopup open={addTag.isPending} />
    </form>
  );
}
